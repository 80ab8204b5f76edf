#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checker/msccl_xml/xml_element_reader.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

/// Builds an msccl::Program from the elements of an MSCCL-IR file, given in
/// document order (`<algo>`, then each `<gpu>`, its `<tb>`s and their
/// `<step>`s), and checks what each element and the whole program must be
/// (docs/msccl.md, Reading). Whoever walks the file (a pugixml tree, or
/// PlainXmlScanner) makes an ElementReader per element with the attributes
/// named here and hands it over.
class MscclProgramReader {
  public:
    static const AttributeNames algo_attributes;
    static const AttributeNames gpu_attributes;
    static const AttributeNames block_attributes;
    static const AttributeNames step_attributes;

    /// `strict`: refuse what trivcheck cannot take as written (`--strict`,
    /// a lint); otherwise read as RCCL's parser reads, with warnings().
    explicit MscclProgramReader(const std::string& file, bool strict = true) : file_(file) {
        if (!strict) warnings_.emplace(file);
    }

    /// Where a lenient reading keeps its warnings; null when strict.
    ReadingWarnings* warnings() { return warnings_ ? &*warnings_ : nullptr; }

    void read_algo(const ElementReader& reader);
    void read_gpu(const ElementReader& reader);
    /// A thread block of the last gpu read.
    void read_block(const ElementReader& reader);
    /// Step `index` of the last thread block read.
    void read_step(const ElementReader& reader, int index);
    /// Step `index` of the last thread block read, from the text where its
    /// element starts, when the element is a canonical step (canonical_step.hpp)
    /// that read_step would accept as it is: the characters it took. 0 when
    /// not (nothing is read: the caller reads the element the general way).
    std::size_t read_canonical_step(std::string_view text, int index);
    /// Takes over the gpus `later` read, from a later part of the same text
    /// (its `<algo>` read too), after those read here. Their paths count the
    /// gpus from where `later` started: only errors name them, and a file
    /// with an error is read again whole (msccl_xml_reader.cpp).
    void append_gpus(MscclProgramReader&& later);
    /// The program, once every element was read and the whole of it checked.
    msccl::Program finish();

  private:
    /// A warning when the element's integers relied on RCCL's base-0 reading.
    void note_base0(const ElementReader& reader);

    const std::string& file_;
    msccl::Program program_;
    std::vector<std::string> gpu_paths_;  // per gpu id: the path of its element
    // Of the last gpu read: thread block id -> path; (peer, channel) -> tb id.
    std::map<int, std::string> block_paths_;
    std::map<std::pair<int, int>, int> senders_;
    std::map<std::pair<int, int>, int> receivers_;
    std::optional<ReadingWarnings> warnings_;
};

}  // namespace trivcheck
