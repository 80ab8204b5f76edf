#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace trivcheck {

/// `value` as JSON text (`indent` < 0: one line; otherwise pretty, that many
/// spaces a level). Names, paths and messages taken from the user's files and
/// command line may carry any byte; a string that is not UTF-8 gets U+FFFD
/// for each bad byte instead of nlohmann's type_error.316, so every JSON,
/// SARIF and JSON-lines output is valid text. The one place JSON is dumped.
template <class Json>
std::string json_text(const Json& value, int indent = -1) {
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace trivcheck
