#include "checker/msccl_xml/msccl_xml_reader.hpp"

#include <optional>
#include <pugixml.hpp>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/mapped_file.hpp"
#include "checker/msccl_xml/msccl_program_reader.hpp"
#include "checker/msccl_xml/plain_msccl_reader.hpp"
#include "checker/msccl_xml/xml_element_reader.hpp"
#include "models/generator.hpp"

namespace trivcheck {

namespace {

using Reader = MscclProgramReader;

/// The reader of an element of a parsed document, its attributes given.
ElementReader attributes_of(const std::string& file, pugi::xml_node node, ElementPath path,
                            const AttributeNames& known, ReadingWarnings* warnings) {
    ElementReader reader(file, path, known);
    add_attributes(reader, node, warnings);
    return reader;
}

/// The program of the `<algo>` element of a parsed document.
msccl::Program read_tree(pugi::xml_node algo, const std::string& file, bool strict) {
    Reader program(file, strict);
    ReadingWarnings* const warnings = program.warnings();
    const ElementReader algo_reader =
        attributes_of(file, algo, ElementPath{}, Reader::algo_attributes, warnings);
    program.read_algo(algo_reader);
    const std::vector<pugi::xml_node> gpus = children(algo_reader, algo, "gpu", warnings);
    for (int gpu = 0; gpu < static_cast<int>(gpus.size()); ++gpu) {
        const ElementReader gpu_reader =
            attributes_of(file, gpus[gpu], ElementPath{gpu}, Reader::gpu_attributes, warnings);
        program.read_gpu(gpu_reader);
        const std::vector<pugi::xml_node> blocks = children(gpu_reader, gpus[gpu], "tb", warnings);
        for (int block = 0; block < static_cast<int>(blocks.size()); ++block) {
            const ElementReader block_reader = attributes_of(
                file, blocks[block], ElementPath{gpu, block}, Reader::block_attributes, warnings);
            program.read_block(block_reader);
            const std::vector<pugi::xml_node> steps =
                children(block_reader, blocks[block], "step", warnings);
            for (int step = 0; step < static_cast<int>(steps.size()); ++step) {
                const ElementReader step_reader =
                    attributes_of(file, steps[step], ElementPath{gpu, block, step},
                                  Reader::step_attributes, warnings);
                // What a step holds is taken as what a <tb> holds: elements
                // ignored (with a warning unless strict), text refused.
                children(step_reader, steps[step], "", warnings);
                program.read_step(step_reader, step);
            }
        }
    }
    return program.finish();
}

std::pair<int, int> line_and_column(std::string_view text, std::ptrdiff_t offset) {
    int line = 1;
    int column = 1;
    for (std::ptrdiff_t index = 0; index < offset && index < std::ssize(text); ++index) {
        if (text[index] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

/// The program of a parsed document, or an InputError naming where it is not one.
msccl::Program read_document(const pugi::xml_document& document, const std::string& file_label,
                             bool strict) {
    pugi::xml_node algo;
    for (pugi::xml_node node : document.children()) {
        if (node.type() != pugi::node_element) continue;
        if (algo || std::string(node.name()) != "algo")
            throw InputError(
                file_label, "",
                "expected one root element <algo>, found <" + std::string(node.name()) + ">");
        algo = node;
    }
    if (!algo) throw InputError(file_label, "", "expected a root element <algo>");
    return read_tree(algo, file_label, strict);
}

[[noreturn]] void refuse_malformed(std::string_view text, const pugi::xml_parse_result& parsed,
                                   const std::string& file_label) {
    const auto [line, column] = line_and_column(text, parsed.offset);
    throw InputError::at_position(file_label, line, column,
                                  std::string("malformed XML: ") + parsed.description());
}

bool xml_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// Refuses text after the root element's end (pugixml skips it, a NUL byte
/// included; RCCL's parser, expecting '<', does not): only whitespace and
/// comments may follow `</algo>`.
void refuse_text_after_root(std::string_view text, const std::string& file_label) {
    std::string_view before = text;
    for (;;) {
        while (!before.empty() && xml_space(before.back())) before.remove_suffix(1);
        const std::size_t comment = before.rfind("<!--");
        if (!before.ends_with("-->") || comment == std::string_view::npos) break;
        before = before.substr(0, comment);
    }
    const std::size_t last_tag = before.rfind('<');
    const std::string_view last = last_tag == std::string_view::npos ? "" : before.substr(last_tag);
    if (last.ends_with('>') && (last.starts_with("</algo") || last.starts_with("<algo"))) return;
    // Where the text after the root starts: past the last "</algo>" and its whitespace.
    std::size_t start = text.rfind("</algo");
    start = start == std::string_view::npos ? 0 : text.find('>', start) + 1;
    while (start < text.size() && xml_space(text[start])) ++start;
    const auto [line, column] = line_and_column(text, static_cast<std::ptrdiff_t>(start));
    throw InputError::at_position(file_label, line, column,
                                  "unexpected text after </algo>; RCCL: XML parse error, "
                                  "expecting '<'");
}

}  // namespace

msccl::Program parse_msccl_xml(std::string_view text, const std::string& file_label, bool strict) {
    // The plain scan reads strictly: a file it refuses is read again through
    // the tree, which warns where it is lenient.
    if (std::optional<msccl::Program> program = read_plain_msccl(text, file_label))
        return std::move(*program);
    return parse_msccl_xml_tree(text, file_label, strict);
}

msccl::Program parse_msccl_xml_tree(std::string_view text, const std::string& file_label,
                                    bool strict) {
    pugi::xml_document document;
    const pugi::xml_parse_result parsed =
        document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) refuse_malformed(text, parsed, file_label);
    refuse_text_after_root(text, file_label);
    return read_document(document, file_label, strict);
}

msccl::Program read_msccl_file(const std::string& path, bool strict) {
    // The file is opened and read once: a pipe or FIFO has no second reading
    // (opening it again would wait for a writer that never comes). Plain
    // files are read from the mapping without a copy; the tree's parser
    // changes its text, so it parses a copy, and an error's line is counted
    // in the mapping.
    const MappedFile file(path);
    if (std::optional<msccl::Program> program = read_plain_msccl(file.text(), path))
        return std::move(*program);
    std::string text(file.text());
    pugi::xml_document document;
    const pugi::xml_parse_result parsed = document.load_buffer_inplace(
        text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) refuse_malformed(file.text(), parsed, path);
    refuse_text_after_root(file.text(), path);
    return read_document(document, path, strict);
}

}  // namespace trivcheck
