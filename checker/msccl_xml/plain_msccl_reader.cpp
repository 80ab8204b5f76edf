#include "checker/msccl_xml/plain_msccl_reader.hpp"

#include <exception>
#include <system_error>
#include <thread>

#include "checker/core/input_error.hpp"
#include "checker/core/usable_cores.hpp"
#include "checker/msccl_xml/msccl_program_reader.hpp"
#include "checker/msccl_xml/plain_xml_scanner.hpp"
#include "checker/msccl_xml/xml_element_reader.hpp"
#include "models/generator.hpp"

namespace trivcheck {

namespace {

using Reader = MscclProgramReader;
using Event = PlainXmlScanner::Event;

/// Thrown when the text leaves what PlainXmlScanner reads.
struct NotPlain {};

/// One walk over a plain text, handing its elements to a reader. Errors are
/// those read_tree (msccl_xml_reader.cpp) would give for the same elements.
class PlainWalk {
  public:
    PlainWalk(PlainXmlScanner scanner, const std::string& file, Reader& program)
        : scanner_(std::move(scanner)), file_(file), program_(program) {}

    /// Reads the root `<algo>`; returns its tag.
    PlainXmlTag read_algo() {
        expect(Event::start);
        if (tag_.name != "algo") throw NotPlain{};
        program_.read_algo(reader_of(ElementPath{}, Reader::algo_attributes));
        return tag_;
    }
    /// Reads the `<algo>` of another walk over the same text.
    void read_algo(const PlainXmlTag& algo) {
        tag_ = algo;
        program_.read_algo(reader_of(ElementPath{}, Reader::algo_attributes));
    }

    /// Reads gpus to the end of the text, or stops where only whitespace is
    /// left before `stop` (a position in the text scanned, between two
    /// gpus): false then.
    bool read_gpus(std::size_t stop) {
        for (int gpu = 0;; ++gpu) {
            if (at(stop)) return false;
            if (!next_child("gpu")) break;
            program_.read_gpu(reader_of(ElementPath{gpu}, Reader::gpu_attributes));
            for (int block = 0; next_child("tb"); ++block) {
                program_.read_block(reader_of(ElementPath{gpu, block}, Reader::block_attributes));
                read_steps(gpu, block);
            }
        }
        expect(Event::finished);
        return true;
    }

  private:
    void read_steps(int gpu, int block) {
        for (int step = 0;; ++step) {
            if (const std::size_t read = program_.read_canonical_step(scanner_.unread(), step)) {
                scanner_.consume(read);
                continue;
            }
            if (!next_child("step")) break;
            program_.read_step(reader_of(ElementPath{gpu, block, step}, Reader::step_attributes),
                               step);
            expect(Event::end);
        }
    }
    /// Whether the scan is at `stop`, with whitespace alone before it.
    bool at(std::size_t stop) const {
        const std::string_view unread = scanner_.unread();
        const std::size_t position = scanner_.position();
        if (stop < position || stop - position > unread.size()) return false;
        return unread.substr(0, stop - position).find_first_not_of(" \t\r\n") ==
               std::string_view::npos;
    }
    void expect(Event wanted) {
        if (scanner_.next(tag_) != wanted) throw NotPlain{};
    }
    ElementReader reader_of(ElementPath path, const AttributeNames& known) const {
        ElementReader reader(file_, path, known);
        for (const auto& [name, value] : tag_.attributes) reader.add(name, value);
        return reader;
    }
    /// Opens the next child named `name`, or closes the parent: false.
    bool next_child(std::string_view name) {
        const Event event = scanner_.next(tag_);
        if (event == Event::end) return false;
        if (event != Event::start || !same_text(tag_.name, name)) throw NotPlain{};
        return true;
    }

    PlainXmlScanner scanner_;
    PlainXmlTag tag_;
    const std::string& file_;
    Reader& program_;
};

/// The gpus from position `split` of `text` on (the rest of `<algo>`), read
/// into `tail` on a thread of its own; what it threw, in `failure`.
std::thread read_tail(std::string_view text, std::size_t split, const std::string& file,
                      const PlainXmlTag& algo, Reader& tail, std::exception_ptr& failure) {
    return std::thread([text, split, &file, algo, &tail, &failure] {
        try {
            PlainWalk walk(PlainXmlScanner(text.substr(split), {algo.name}), file, tail);
            walk.read_algo(algo);
            walk.read_gpus(std::string_view::npos);
        } catch (...) {
            failure = std::current_exception();
        }
    });
}

msccl::Program read_plain(std::string_view text, const std::string& file,
                          std::size_t split_from_bytes) {
    Reader program(file);
    PlainWalk walk(PlainXmlScanner(text), file, program);
    const PlainXmlTag algo = walk.read_algo();
    const bool two_halves = text.size() >= split_from_bytes && usable_cores() >= 2;
    const std::size_t split =
        two_halves ? text.find("<gpu", text.size() / 2) : std::string_view::npos;
    if (split == std::string_view::npos) {
        walk.read_gpus(split);
        return program.finish();
    }
    Reader tail(file);
    std::exception_ptr tail_failure;
    std::thread tail_thread;
    try {
        tail_thread = read_tail(text, split, file, algo, tail, tail_failure);
    } catch (const std::system_error&) {
        // No second thread to be had (memory, a process limit): the whole file on this one.
        walk.read_gpus(std::string_view::npos);
        return program.finish();
    }
    bool stopped_at_split = false;
    try {
        stopped_at_split = !walk.read_gpus(split);
    } catch (...) {
        tail_thread.join();
        throw;
    }
    tail_thread.join();
    if (stopped_at_split) {
        if (tail_failure) std::rethrow_exception(tail_failure);
        program.append_gpus(std::move(tail));
    }
    return program.finish();
}

}  // namespace

std::optional<msccl::Program> read_plain_msccl(std::string_view text, const std::string& file,
                                               std::size_t split_from_bytes) {
    try {
        return read_plain(text, file, split_from_bytes);
    } catch (const NotPlain&) {
    } catch (const InputError&) {
    } catch (const NotApplicable&) {
    }
    return std::nullopt;
}

}  // namespace trivcheck
