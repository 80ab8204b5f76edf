#include "cli/synthesis/synthesis_document.hpp"

#include "checker/formats/json_text.hpp"

namespace trivcheck::cli {

std::string synthesis_document(const std::string& model, nlohmann::ordered_json results,
                               nlohmann::ordered_json summary) {
    nlohmann::ordered_json document;
    document["schema"] = "trivcheck.synthesis/1";
    document["model"] = model;
    document["results"] = std::move(results);
    document["summary"] = std::move(summary);
    return json_text(document, 2) + "\n";
}

}  // namespace trivcheck::cli
