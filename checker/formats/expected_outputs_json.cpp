#include "checker/formats/expected_outputs_json.hpp"

#include <algorithm>
#include <filesystem>

#include "checker/core/program_layout.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_document.hpp"
#include "checker/formats/json_fields.hpp"

namespace trivcheck {

namespace {

using json_fields::Fields;
using json_fields::JsonPath;
using nlohmann::json;

class ExpectedOutputsReader : public json_fields::JsonInput {
  public:
    ExpectedOutputsReader(const std::string& file, const msccl::Program& program)
        : JsonInput(file), layout_(program) {}

    msccl::ExpectedOutputs read(const json& document) {
        const JsonPath root;
        const Fields fields(*this, document, root, "an object {\"gpus\": [...]}", {"gpus"});
        const JsonPath gpus_path = root.field("gpus");
        const json& gpus = fields.required("gpus");
        if (!gpus.is_array()) fail_type(gpus_path, "an array of gpus", gpus);
        std::vector<bool> listed(layout_.gpu_count(), false);
        msccl::ExpectedOutputs expected;
        for (std::size_t index = 0; index < gpus.size(); ++index)
            read_gpu(gpus[index], gpus_path.element(index), listed, expected);
        return expected;
    }

  private:
    void read_gpu(const json& value, const JsonPath& path, std::vector<bool>& listed,
                  msccl::ExpectedOutputs& expected) {
        const Fields fields(*this, value, path, "a gpu object {\"id\", \"output\"}",
                            {"id", "output"});
        const JsonPath id_path = path.field("id");
        const int gpu = read_index(fields.required("id"), id_path, layout_.gpu_count(), "gpu");
        if (listed[gpu]) fail(id_path, "gpu " + std::to_string(gpu) + " is listed twice");
        listed[gpu] = true;
        const JsonPath output_path = path.field("output");
        const json& output = fields.required("output");
        const int chunks = layout_.logical_chunks(gpu, msccl::Buffer::output);
        const std::string one_per_chunk = "an array of one entry per output chunk of gpu " +
                                          std::to_string(gpu) + " (" + std::to_string(chunks) + ")";
        if (!output.is_array()) fail_type(output_path, one_per_chunk, output);
        if (output.size() != static_cast<std::size_t>(chunks))
            fail(output_path, std::to_string(output.size()) + " entries, but gpu " +
                                  std::to_string(gpu) + " has " + std::to_string(chunks) +
                                  " output chunks");
        for (int chunk = 0; chunk < chunks; ++chunk) {
            const json& cell = output[static_cast<std::size_t>(chunk)];
            if (cell.is_null()) continue;  // may hold anything
            const JsonPath cell_path = output_path.element(static_cast<std::size_t>(chunk));
            if (!cell.is_array())
                fail_type(cell_path, "an array of contributions, or null (anything)", cell);
            msccl::ExpectedChunk& entry = expected.chunks.emplace_back();
            entry.gpu = gpu;
            entry.chunk = chunk;
            for (std::size_t index = 0; index < cell.size(); ++index)
                entry.contributions.push_back(
                    read_contribution(cell[index], cell_path.element(index), entry));
        }
    }

    msccl::ContributionName read_contribution(const json& value, const JsonPath& path,
                                              const msccl::ExpectedChunk& chunk) {
        const Fields fields(*this, value, path, "a contribution {\"gpu\", \"chunk\"}",
                            {"gpu", "chunk"});
        msccl::ContributionName name;
        name.gpu =
            read_index(fields.required("gpu"), path.field("gpu"), layout_.gpu_count(), "gpu");
        name.chunk =
            read_index(fields.required("chunk"), path.field("chunk"),
                       layout_.logical_chunks(name.gpu, msccl::Buffer::input), "input chunk");
        const bool repeated =
            std::any_of(chunk.contributions.begin(), chunk.contributions.end(),
                        [&](const msccl::ContributionName& other) {
                            return other.gpu == name.gpu && other.chunk == name.chunk;
                        });
        if (repeated)
            fail(path, "(gpu " + std::to_string(name.gpu) + ", chunk " +
                           std::to_string(name.chunk) + ") is listed twice for one output chunk");
        return name;
    }

    msccl::ProgramLayout layout_;
};

}  // namespace

msccl::ExpectedOutputs parse_expected_outputs(const std::string& text,
                                              const std::string& file_label,
                                              const msccl::Program& program) {
    msccl::ExpectedOutputs expected =
        ExpectedOutputsReader(file_label, program).read(parse_json_document(text, file_label));
    expected.source = std::filesystem::path(file_label).filename().string();
    return expected;
}

msccl::ExpectedOutputs read_expected_outputs_file(const std::string& path,
                                                  const msccl::Program& program) {
    return parse_expected_outputs(read_file_text(path), path, program);
}

}  // namespace trivcheck
