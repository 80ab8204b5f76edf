// Plain files are read by a scan without a tree (PlainXmlScanner); every file
// must give what pugixml's tree gives: the same program, or the same error.

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/formats/canonical_step.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/msccl_xml/plain_xml_scanner.hpp"
#include "models/generator.hpp"
#include "proofs/last_step_planner.hpp"
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

const std::string& two_gpus = two_gpu_allreduce_xml;

/// Whether the scanner reads `text` from end to end.
bool scans_plainly(const std::string& text) {
    PlainXmlScanner scanner(text);
    PlainXmlTag tag;
    for (;;) {
        const PlainXmlScanner::Event event = scanner.next(tag);
        if (event == PlainXmlScanner::Event::finished) return true;
        if (event == PlainXmlScanner::Event::unsupported) return false;
    }
}

/// The program a reading gives, written out, or its error.
template <typename Read>
std::string outcome(Read read, const std::string& text) {
    try {
        return write_msccl_xml(read(text, "copy.xml"));
    } catch (const InputError& error) {
        return std::string("InputError: ") + error.what();
    } catch (const NotApplicable& error) {
        return std::string("NotApplicable: ") + error.what();
    }
}

void check_same_reading(const std::string& text) {
    for (const bool strict : {false, true}) {
        CAPTURE(strict);
        auto scanned = [strict](std::string_view input, const std::string& label) {
            return parse_msccl_xml(input, label, strict);
        };
        auto through_tree = [strict](std::string_view input, const std::string& label) {
            return parse_msccl_xml_tree(input, label, strict);
        };
        CHECK(outcome(scanned, text) == outcome(through_tree, text));
    }
}

}  // namespace

MSCCL_CORPUS_TEST_CASE("msccl plain reading: real and exported files, as pugixml reads them") {
    std::vector<std::string> texts = {two_gpus};
    for (const char* name : {"ndv4_r48ll.xml", "ndv4_a2a2ll.xml", "ncv4_ag_hier_4_Simple.xml"})
        texts.push_back(corpus_text(name));
    for (const char* algo : {"ring", "recursive_doubling", "trivance"}) {
        GeneratorRequest request;
        request.algo = algo;
        request.form = Form::B;
        request.topology = Topology::ring(algo == std::string("recursive_doubling") ? 8 : 7);
        proofs::supply_planner(request);
        texts.push_back(write_msccl_xml(msccl::lower_to_msccl(generate(request))));
    }
    for (const std::string& text : texts) {
        CAPTURE(text.substr(0, 200));
        CHECK(scans_plainly(text));
        check_same_reading(text);
    }
}

TEST_CASE("msccl plain reading: what the scan leaves to pugixml is read the same") {
    struct Variant {
        std::string from;
        std::string to;
        bool plain;
    };
    const std::vector<Variant> variants = {
        {"", "", true},
        {"/>\n    </tb>", "></step>\n    </tb>", true},
        {"\n", "\r\n", true},
        {"  <gpu id=\"1\"", "  <!-- the second -- gpu -->\n  <gpu id=\"1\"", true},
        {" chan=\"0\"", "  chan=\"0\"  ", true},
        {"  <gpu id=\"1\"", std::string("  <!-- a NUL ") + '\0' + " here -->\n  <gpu id=\"1\"",
         false},
        {"name=\"pair\"", "name='pair'", false},
        {"srcoff=\"0\"", "srcoff=\"&#48;\"", false},
        {"cnt=\"1\"", "cnt=\"1\t\"", false},
        {"ngpus=\"2\"", "ngpus = \"2\"", false},
        {"<algo", "<?xml version=\"1.0\"?>\n<algo", false},
        {"<algo", "\xEF\xBB\xBF<algo", false},
        {"    </tb>", "    <![CDATA[x]]>\n    </tb>", false},
        {"    </tb>", "    text\n    </tb>", false},
        {"</tb>", "</tb >", false},
        {"</gpu>", "</tb>", false},
        {"</algo>", "</algo>\n<algo/>", false},
        {"</algo>", "", false},
        {"<gpu id=\"0\"", "<gpu\tid=\"0\"", true},
        {"<step s=\"0\"", "<step  s=\"0\"", true},
        {"hasdep=\"0\"/>", "hasdep=\"0\" />", true},
        {"name=\"pair\"", "name=\"a>b\"", true},
        {"name=\"pair\"", "name=\"a<b\"", false},
        {"<gpu id=\"0\"", "<gpu id=\"0\" extra=\"1\"", true},
        {"cnt=\"1\"", "cnt=\"1\" cnt=\"1\"", true},
        {"coll=\"allreduce\"", "coll=\"broadcast\"", true},
        {"dstoff=\"0\" cnt=\"1\"", "dstoff=\"3\" cnt=\"1\"", true},
        // Canonical steps (canonical_step.hpp) with values read_step refuses:
        // the shortcut gives way, and the error is the general reading's.
        {"<step s=\"1\"", "<step s=\"5\"", true},
        {"type=\"rrc\"", "type=\"bogus\"", true},
        {"hasdep=\"0\"/>", "hasdep=\"2\"/>", true},
        {"depid=\"-1\" deps=\"-1\"", "depid=\"0\" deps=\"-1\"", true},
        {"cnt=\"1\"", "cnt=\"99999999999999999999\"", true},
        {"srcoff=\"0\"", "srcoff=\"-2\"", true},
        {"srcbuf=\"i\"", "srcbuf=\"x\"", true},
        // A step after a thread block that closes itself is not the block's.
        {"chan=\"0\">\n      <step s=\"0\"", "chan=\"0\"/>\n      <step s=\"0\"", false},
    };
    for (const Variant& variant : variants) {
        std::string text = two_gpus;
        if (!variant.from.empty()) {
            const std::size_t at = text.find(variant.from);
            REQUIRE(at != std::string::npos);
            text.replace(at, variant.from.size(), variant.to);
        }
        CAPTURE(variant.to);
        CHECK(scans_plainly(text) == variant.plain);
        check_same_reading(text);
    }
}

TEST_CASE("msccl plain reading: a canonical step is the exact shape tools write, nothing else") {
    const std::string canonical =
        "\n      <step s=\"3\" type=\"rrc\" srcbuf=\"i\" srcoff=\"-1\" dstbuf=\"s\" "
        "dstoff=\"12\" cnt=\"2\" depid=\"4\" deps=\"7\" hasdep=\"1\"/>\n    </tb>";
    const CanonicalStep step = scan_canonical_step(canonical);
    CHECK(step.length == canonical.find("/>") + 2);
    CHECK(step.values ==
          std::array<std::string_view, 10>{"3", "rrc", "i", "-1", "s", "12", "2", "4", "7", "1"});
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"<step s", "<step  s"},                           // two spaces
             {"hasdep=\"1\"/>", "hasdep=\"1\" />"},             // a space before the end
             {"cnt=\"2\" depid", "depid"},                      // an attribute missing
             {"s=\"3\" type=\"rrc\"", "type=\"rrc\" s=\"3\""},  // another order
             {"srcoff=\"-1\"", "srcoff=\"&#45;1\""},            // an entity
             {"srcoff=\"-1\"", "srcoff=\"\""},                  // an empty value
             {"hasdep=\"1\"/>", "hasdep=\"1\">"},               // not closed at once
             {"\n      <step", "\n<!-- c -->\n<step"}}) {
        std::string text = canonical;
        text.replace(text.find(from), from.size(), to);
        CAPTURE(text);
        CHECK(scan_canonical_step(text).length == 0);
    }
}
