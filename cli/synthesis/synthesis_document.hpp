#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace trivcheck::cli {

/// `trivcheck synth --json`'s output for either model ("pieces", "b_tree_choices"):
/// a trivcheck.synthesis/1 document, indented, with a final newline.
std::string synthesis_document(const std::string& model, nlohmann::ordered_json results,
                               nlohmann::ordered_json summary);

}  // namespace trivcheck::cli
