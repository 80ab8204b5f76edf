#pragma once
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "checker/mscclpp/plan.hpp"
#include "checker/mscclpp_reading/plan_warnings.hpp"

namespace trivcheck::mscclpp {

/// The JSON path of field `key` of the value at `path`.
std::string path_at(const std::string& path, std::string_view key);
/// The JSON path of element `index` of the array at `path`.
std::string path_at(const std::string& path, std::size_t index);

/// Where an operation is in the plan's JSON, kept as numbers and made a
/// path only when a message needs one: the checks after reading visit every
/// operation of a plan (two million at 1,024 ranks) and mostly say nothing.
struct OperationPlace {
    std::size_t gpu = 0;
    std::size_t block = 0;
    std::size_t op = 0;
    /// A pipeline's inner operation: its position in the pipeline's ops; -1 none.
    std::ptrdiff_t inner = -1;

    /// "gpus[G].threadblocks[B].ops[O]", then ".ops[I]" for an inner one.
    std::string path() const;
};

/// One field of an execution plan's JSON, read as the executor reads it:
/// what it refuses throws InputError naming the file and the JSON path,
/// what it ignores becomes a warning.
class PlanFields {
  public:
    using json = nlohmann::json;

    explicit PlanFields(const std::string& file) : file_(file), warnings_(file) {}

    [[noreturn]] void fail(const std::string& path, const std::string& text) const;
    /// Field `key` of `object` (at `path`), which must be there.
    const json& required(const json& object, std::string_view key, const std::string& path) const;
    const json& array(const json& value, const std::string& path) const;
    long long integer(const json& value, const std::string& path, long long minimum,
                      long long maximum = std::numeric_limits<int>::max()) const;
    std::string text(const json& value, const std::string& path) const;
    bool boolean(const json& value, const std::string& path) const;
    BufferKind buffer_kind(const json& value, const std::string& path) const;
    ChannelKind channel_kind(const json& value, const std::string& path) const;
    /// Warns about every field of `object` outside `known`: the executor never reads it.
    void ignored_fields(const json& object, const std::string& path,
                        std::initializer_list<std::string_view> known, std::string_view what);
    PlanWarnings& warnings() { return warnings_; }

  private:
    const std::string& file_;
    PlanWarnings warnings_;
};

}  // namespace trivcheck::mscclpp
