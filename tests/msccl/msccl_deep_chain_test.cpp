// An MSCCL-IR program whose steps chain 200,000 additions into one chunk
// (issue 49, "Deep chains"): the reduction trees behind it are as deep, and
// were interned, measured and written by recursion (SIGSEGV in 0.5 s).
#include <doctest/doctest.h>

#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

TEST_CASE("msccl deep chain: 200,000 chained re steps end with a verdict, no signal") {
    constexpr int steps = 200'000;
    std::string text =
        R"(<algo name="chain" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="2" )"
        R"(coll="allreduce" inplace="0" outofplace="1" minBytes="0" maxBytes="0">)"
        "\n";
    for (int gpu = 0; gpu < 2; ++gpu) {
        text +=
            R"(<gpu id=")" + std::to_string(gpu) +
            R"(" i_chunks="1" o_chunks="1" s_chunks="0"><tb id="0" send="-1" recv="-1" chan="0">)"
            "\n";
        for (int step = 0; step < (gpu == 0 ? steps : 1); ++step)
            text +=
                R"(<step s=")" + std::to_string(step) +
                R"(" type="re" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)"
                "\n";
        text += "</tb></gpu>\n";
    }
    text += "</algo>\n";
    const std::string file = temporary_file("msccl-deep-chain", ".xml", text);
    const CommandOutput run = run_trivcheck("check " + file);
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("reduction depth 199999 (the most additions on one chain behind an "
                       "output)") != std::string::npos);
    CHECK(run.out.find("violations: double_count 199999; missing 2; reduce_of_nothing 2; first 50 "
                       "shown") != std::string::npos);
}
