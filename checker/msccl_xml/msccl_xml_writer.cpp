#include "checker/msccl_xml/msccl_xml_writer.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "checker/formats/file_text.hpp"

namespace trivcheck {

namespace {

void append_number(std::string& out, std::int64_t value) { out += std::to_string(value); }

void append_attribute(std::string& out, const char* name, const std::string& value) {
    out += ' ';
    out += name;
    out += "=\"";
    for (const char c : value) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    out += '"';
}

void append_attribute(std::string& out, const char* name, std::int64_t value) {
    out += ' ';
    out += name;
    out += "=\"";
    append_number(out, value);
    out += '"';
}

void append_step(std::string& out, const msccl::Step& step) {
    out += "      <step";
    append_attribute(out, "s", step.index);
    append_attribute(out, "type", msccl::spelling(step.type));
    append_attribute(out, "srcbuf", msccl::spelling(step.src_buffer));
    append_attribute(out, "srcoff", step.src_offset);
    append_attribute(out, "dstbuf", msccl::spelling(step.dst_buffer));
    append_attribute(out, "dstoff", step.dst_offset);
    append_attribute(out, "cnt", step.count);
    append_attribute(out, "depid", step.depends_on_block);
    append_attribute(out, "deps", step.depends_on_step);
    append_attribute(out, "hasdep", step.signals ? 1 : 0);
    out += "/>\n";
}

template <class Drain>
void write_program(const msccl::Program& program, std::string& out, Drain&& drain) {
    out += "<algo";
    append_attribute(out, "name", program.name);
    append_attribute(out, "proto", program.protocol);
    append_attribute(out, "nchannels", program.channels);
    append_attribute(out, "nchunksperloop", program.chunks_per_loop);
    append_attribute(out, "ngpus", program.gpu_count);
    append_attribute(out, "coll",
                     program.collective_spelling.empty() ? msccl::spelling(program.collective)
                                                         : program.collective_spelling);
    append_attribute(out, "inplace", program.in_place ? 1 : 0);
    append_attribute(out, "outofplace", program.in_place ? 0 : 1);
    if (program.min_bytes) append_attribute(out, "minBytes", *program.min_bytes);
    if (program.max_bytes) append_attribute(out, "maxBytes", *program.max_bytes);
    out += ">\n";
    for (const msccl::Gpu& gpu : program.gpus) {
        out += "  <gpu";
        append_attribute(out, "id", gpu.id);
        append_attribute(out, "i_chunks", gpu.input_chunks);
        append_attribute(out, "o_chunks", gpu.output_chunks);
        append_attribute(out, "s_chunks", gpu.scratch_chunks);
        out += ">\n";
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            out += "    <tb";
            append_attribute(out, "id", block.id);
            append_attribute(out, "send", block.send_peer);
            append_attribute(out, "recv", block.receive_peer);
            append_attribute(out, "chan", block.channel);
            out += ">\n";
            for (const msccl::Step& step : block.steps) append_step(out, step);
            out += "    </tb>\n";
            drain(out);
        }
        out += "  </gpu>\n";
    }
    out += "</algo>\n";
    drain(out);
}

}  // namespace

std::string write_msccl_xml(const msccl::Program& program) {
    std::string out;
    write_program(program, out, [](std::string&) {});
    return out;
}

void write_msccl_file(const msccl::Program& program, const std::string& path) {
    write_file_text(path, [&](std::string& out, const std::function<void(std::string&)>& drain) {
        write_program(program, out, drain);
    });
}

}  // namespace trivcheck
