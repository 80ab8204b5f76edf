#include "checker/mscclpp_reading/plan_sniffing.hpp"

#include <fstream>

namespace trivcheck::mscclpp {

bool looks_like_mscclpp_plan(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || text[first] != '{') return false;
    return text.find("\"threadblocks\"") != std::string_view::npos &&
           text.find("\"gpus\"") != std::string_view::npos;
}

bool file_looks_like_mscclpp_plan(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::string prefix(64 * 1024, '\0');
    file.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
    prefix.resize(static_cast<std::size_t>(file.gcount()));
    return looks_like_mscclpp_plan(prefix);
}

}  // namespace trivcheck::mscclpp
