// Large plain files are read in two halves on two threads
// (checker/msccl_xml/plain_msccl_reader.hpp): the program must be the one a
// single walk reads, wherever the split falls, and a fault in either half
// must still send the file to pugixml, which names it.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/msccl_xml/plain_msccl_reader.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

constexpr std::size_t always_split = 0;
constexpr std::size_t never_split = std::string::npos;

/// The program read with or without the split, written out; "" when the plain reading declines.
std::string plain_reading(const std::string& text, std::size_t split_from_bytes) {
    const std::optional<msccl::Program> program =
        read_plain_msccl(text, "copy.xml", split_from_bytes);
    return program ? write_msccl_xml(*program) : "";
}

std::string exported(const char* algo, int n) {
    return write_msccl_xml(msccl::lower_to_msccl(ring_schedule(algo, Form::B, n)));
}

}  // namespace

TEST_CASE("msccl split reading: two halves give the program one walk gives") {
    for (const std::string& text : {two_gpu_allreduce_xml, exported("ring", 6),
                                    exported("recursive_doubling", 16), exported("trivance", 9)}) {
        CAPTURE(text.substr(0, 120));
        const std::string whole = plain_reading(text, never_split);
        REQUIRE(!whole.empty());
        CHECK(plain_reading(text, always_split) == whole);
    }
}

MSCCL_CORPUS_TEST_CASE("msccl split reading: the real files, split, as read whole") {
    for (const char* name : {"ndv4_r48ll.xml", "ndv4_a2a2ll.xml", "ncv4_ag_hier_4_Simple.xml",
                             "ncv4_ar_hier_12_Simple.xml", "ndv4_ag-1k-512k.xml"}) {
        CAPTURE(name);
        const std::string text = corpus_text(name);
        CHECK(plain_reading(text, always_split) == plain_reading(text, never_split));
    }
}

TEST_CASE("msccl split reading: a <gpu inside a comment of the second half is not a split") {
    // The comment's "<gpu" is where the second half would start; the first
    // walk does not end just before it, so it reads on to the end itself.
    std::string text = exported("ring", 8);
    const std::size_t middle = text.find("<gpu", text.size() / 2);
    REQUIRE(middle != std::string::npos);
    text.insert(text.rfind("</tb>", middle), "<!-- <gpu id=\"0\"> -->");
    const std::string whole = plain_reading(text, never_split);
    REQUIRE(!whole.empty());
    CHECK(plain_reading(text, always_split) == whole);
}

TEST_CASE("msccl split reading: a gpu id used in both halves is refused, and pugixml names it") {
    std::string text = exported("ring", 8);
    // A copy of gpu 0 after the last gpu: each half reads unique ids, every
    // id is there, and only the halves' ids together repeat one.
    const std::size_t first = text.find("<gpu id=\"0\"");
    const std::size_t first_end = text.find("</gpu>", first) + std::string("</gpu>").size();
    REQUIRE(first != std::string::npos);
    text.insert(text.rfind("</algo>"), text.substr(first, first_end - first) + "\n");
    CHECK(plain_reading(text, always_split).empty());
    CHECK(plain_reading(text, never_split).empty());
    try {
        parse_msccl_xml(text, "copy.xml");
        FAIL("a repeated gpu id was accepted");
    } catch (const InputError& error) {
        CHECK(std::string(error.what()).find("gpu[8]@id: 0 is also the id of gpu[0]") !=
              std::string::npos);
    }
}
