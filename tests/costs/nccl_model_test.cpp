// NCCL's own cost model (checker/costs/nccl_tuning, nccl_choice): figures
// worked out by hand from NVIDIA/nccl 2.30.7's src/graph/tuning.cc constants.
#include "checker/costs/nccl_model.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/costs/nccl_choice.hpp"

using namespace trivcheck;

namespace {

constexpr std::uint64_t kibibyte = 1024, mebibyte = 1024 * 1024;

/// The setting: Hopper, 2 channels of 24 GB/s, no network latency.
NcclTuning nccl_hopper_tuning(int ranks, NcclCollective collective) {
    NcclSetting setting;
    setting.ranks = ranks;
    setting.arch = NcclArch::hopper;
    setting.channels = 2;
    setting.bandwidth_gbps = 24;
    setting.net_latency_us = 0;
    return nccl_tune_model(setting, collective);
}

const NcclCandidate& candidate_named(const NcclTuning& tuning, const std::string& label) {
    for (const NcclCandidate& entry : tuning.candidates)
        if (nccl_candidate_label(entry) == label) return entry;
    FAIL("no candidate " << label);
    return tuning.candidates.front();
}

std::string nccl_pick_label(const NcclTuning& tuning, std::uint64_t bytes) {
    const NcclChoice choice = nccl_choose(tuning, bytes);
    return nccl_candidate_label(tuning.candidates[static_cast<std::size_t>(choice.candidate)]);
}

}  // namespace

TEST_CASE("NCCL's all-reduce latencies and bandwidths on 16 nodes, Hopper, 2 x 24 GB/s") {
    const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_reduce);
    // Latency: base (tuning.cc:151) + hops of hwLatencies[NET][Tree] (tuning.cc:171):
    // Tree 2·log2(16) = 8 hops, Ring 2(n-1) = 30 hops.
    // Bandwidth: bus 2·24 = 48 GB/s; Tree min(0.92·48, 2·36.0) = 44.16, then
    // LL /3.8, LL128 ·120/128, ·0.85 (pattern TREE), ·0.5; Ring LL min(20.4, 24),
    // LL128 min(0.92·48, 2·36.7), all ·16/30.
    struct Expected {
        const char* label;
        double latency_us, bandwidth_gbps;
    };
    const Expected expected[] = {
        {"Tree/LL", 6.8 + 8 * 5.0, 44.16 / 3.8 * 0.85 * 0.5},
        {"Tree/LL128", 14 + 8 * 8.5, 41.4 * 0.85 * 0.5},
        {"Tree/Simple", 8.4 + 8 * 14, 44.16 * 0.85 * 0.5},
        {"Ring/LL", 6.6 + 30 * 5.0, 20.4 * 16 / 30},
        {"Ring/LL128", 14 + 30 * 8.5, 44.16 * 16 / 30},
        {"Ring/Simple", 8.4 + 30 * 14, 48.0 * 16 / 30},
    };
    for (const Expected& entry : expected) {
        CAPTURE(entry.label);
        const NcclCandidate& figures = candidate_named(tuning, entry.label);
        REQUIRE(figures.enabled);
        CHECK(figures.latency_us == doctest::Approx(entry.latency_us).epsilon(1e-6));
        CHECK(figures.bandwidth_gbps == doctest::Approx(entry.bandwidth_gbps).epsilon(1e-6));
    }
    CHECK(tuning.comm_channels == 4);  // connect.cc:460, doubled
}

TEST_CASE("NCCL's all-reduce pick per size on 16 nodes: the issue's bands at powers of two") {
    const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_reduce);
    // Times by hand: latency + bytes / (1000 · bandwidth · tree correction factor).
    SUBCASE("64 KiB: Tree/LL, log2(64 KiB / 64) = 10, factor 0.6") {
        const NcclChoice choice = nccl_choose(tuning, 64 * kibibyte);
        CHECK(nccl_pick_label(tuning, 64 * kibibyte) == "Tree/LL");
        CHECK(choice.time_us ==
              doctest::Approx(46.8 + 65536 / (1000 * (44.16 / 3.8 * 0.85 * 0.5) * 0.6))
                  .epsilon(1e-6));
    }
    SUBCASE("128 KiB: Tree/LL128, factor 0.6 (LL's drops to 0.5)") {
        CHECK(nccl_pick_label(tuning, 128 * kibibyte) == "Tree/LL128");
        CHECK(nccl_choose(tuning, 128 * kibibyte).time_us ==
              doctest::Approx(82 + 131072 / (1000 * 17.595 * 0.6)).epsilon(1e-6));
    }
    SUBCASE("8 MiB: still Tree/LL128 (factor 0.9); 16 MiB: Ring/LL128") {
        CHECK(nccl_pick_label(tuning, 8 * mebibyte) == "Tree/LL128");
        CHECK(nccl_pick_label(tuning, 16 * mebibyte) == "Ring/LL128");
        CHECK(nccl_choose(tuning, 16 * mebibyte).time_us ==
              doctest::Approx(269 + 16777216 / (1000 * 23.552)).epsilon(1e-6));
    }
    SUBCASE("64 MiB: Ring/LL128; 128 MiB: Ring/Simple with the plateau's 1.4") {
        CHECK(nccl_pick_label(tuning, 64 * mebibyte) == "Ring/LL128");
        CHECK(nccl_pick_label(tuning, 128 * mebibyte) == "Ring/Simple");
        CHECK(nccl_choose(tuning, 128 * mebibyte).time_us ==
              doctest::Approx(428.4 * 1.4 + 134217728 / (1000 * 25.6)).epsilon(1e-6));
    }
}

TEST_CASE(
    "NCCL's all-reduce bands are exact to the byte, and dip to the ring between powers of two") {
    const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_reduce);
    const std::vector<NcclBand> bands = nccl_bands(tuning, 32, 1024 * mebibyte);
    // The bands by pick alone (the first four are Tree/LL on 1, 2, 3, 4 channels).
    std::vector<NcclBand> by_pick;
    for (const NcclBand& band : bands) {
        if (!by_pick.empty() && by_pick.back().candidate == band.candidate)
            by_pick.back().to = band.to;
        else
            by_pick.push_back(band);
    }
    std::vector<std::string> picks;
    for (const NcclBand& band : by_pick)
        picks.push_back(nccl_candidate_label(tuning.candidates[band.candidate]));
    // Tree/LL128's correction factor is 0.6 from 2 MiB to 4 MiB and 0.8 to
    // 8 MiB: there Ring/LL128 is faster before the next power of two.
    const std::vector<std::string> expected{"Tree/LL",    "Tree/LL128", "Ring/LL128",
                                            "Tree/LL128", "Ring/LL128", "Tree/LL128",
                                            "Ring/LL128", "Ring/Simple"};
    CHECK(picks == expected);
    REQUIRE(by_pick.size() == expected.size());
    CHECK(by_pick[0].from == 32);
    CHECK(by_pick[0].to == 128 * kibibyte);  // where LL's factor drops from 0.6 to 0.5
    CHECK(by_pick[3].from == 4 * mebibyte);  // Tree/LL128's factor 0.6 -> 0.8
    CHECK(by_pick[5].from == 8 * mebibyte);  // 0.8 -> 0.9
    CHECK(by_pick.back().to == 1024 * mebibyte + 1);
    // enqueue.cc:2093: Tree/LL gives up a channel of its 4 while m < channels · 512 · 8.
    REQUIRE(bands.size() == expected.size() + 3);
    const std::uint64_t channel_edges[] = {32, 8 * kibibyte, 12 * kibibyte, 16 * kibibyte};
    for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(bands[static_cast<std::size_t>(i)].from == channel_edges[i]);
        CHECK(bands[static_cast<std::size_t>(i)].channels == i + 1);
    }
    CHECK(bands[4].channels == 4);
    // Ring/LL128 to Ring/Simple where the two lines cross:
    // m = 1000 (599.76 - 269) / (1/23.552 - 1/25.6) = 97,375,744, up to the
    // rounding of NCCL's float times (a float near 4.4 ms is good to 0.5 ns
    // and the lines part by 3.4 ps a byte: about 150 bytes).
    const double crossing = 1000 * (428.4 * 1.4 - 269) / (1 / 23.552 - 1 / 25.6);
    CHECK(static_cast<double>(by_pick.back().from) == doctest::Approx(crossing).epsilon(1e-5));
    for (std::size_t i = 0; i + 1 < bands.size(); ++i) {
        CAPTURE(i);
        CHECK(bands[i].to == bands[i + 1].from);
        CHECK(nccl_choose(tuning, bands[i].to - 1).candidate == bands[i].candidate);
        CHECK(nccl_choose(tuning, bands[i].to - 1).channels == bands[i].channels);
        CHECK(nccl_choose(tuning, bands[i].to).candidate == bands[i + 1].candidate);
        CHECK(nccl_choose(tuning, bands[i].to).channels == bands[i + 1].channels);
    }
}

TEST_CASE("NCCL's all-gather on 16 nodes: PAT, then Ring/LL128, then Ring/Simple") {
    const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_gather);
    // PAT: 8 + log2(16)·14/3.5 + 16·2.8 = 68.8 us, 48·0.75 = 36 GB/s, no ratio.
    CHECK(candidate_named(tuning, "PAT/Simple").latency_us == doctest::Approx(68.8).epsilon(1e-6));
    CHECK(candidate_named(tuning, "PAT/Simple").bandwidth_gbps ==
          doctest::Approx(36.0).epsilon(1e-6));
    CHECK(nccl_pick_label(tuning, 8 * mebibyte) == "PAT/Simple");
    CHECK(nccl_choose(tuning, 8 * mebibyte).time_us ==
          doctest::Approx(68.8 + 8388608 / 36000.0).epsilon(1e-6));
    CHECK(nccl_pick_label(tuning, 16 * mebibyte) == "Ring/LL128");
    CHECK(nccl_choose(tuning, 16 * mebibyte).time_us ==
          doctest::Approx(14 + 15 * 8.5 + 16777216 / (1000 * 44.16 * 16 / 15)).epsilon(1e-6));
    CHECK(nccl_pick_label(tuning, 32 * mebibyte) == "Ring/LL128");
    CHECK(nccl_pick_label(tuning, 64 * mebibyte) == "Ring/Simple");
    CHECK(nccl_choose(tuning, 64 * mebibyte).time_us ==
          doctest::Approx(8.4 + 15 * 14 + 67108864 / (1000 * 48.0 * 16 / 15)).epsilon(1e-6));
}

TEST_CASE("NCCL's enable rules for one GPU per node") {
    SUBCASE("all-reduce: no PAT") {
        const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_reduce);
        for (const char* label : {"PAT/LL", "PAT/LL128", "PAT/Simple"}) {
            CAPTURE(label);
            CHECK_FALSE(candidate_named(tuning, label).enabled);
            CHECK(candidate_named(tuning, label).disabled_because.find("tuning.cc:298") == 0);
            CHECK(nccl_algo_time(tuning, candidate_named(tuning, label), 1024) == -1.0f);
        }
    }
    SUBCASE("all-gather and reduce-scatter: no Tree, PAT Simple only") {
        for (NcclCollective collective :
             {NcclCollective::all_gather, NcclCollective::reduce_scatter}) {
            const NcclTuning tuning = nccl_hopper_tuning(16, collective);
            CHECK(candidate_named(tuning, "Tree/Simple").disabled_because.find("tuning.cc:295") ==
                  0);
            CHECK(candidate_named(tuning, "PAT/LL").disabled_because.find("tuning.cc:302") == 0);
            CHECK(candidate_named(tuning, "PAT/Simple").enabled);
            CHECK(candidate_named(tuning, "Ring/LL").enabled);
        }
    }
    SUBCASE("a NIC behind the CPU turns LL128 off") {
        NcclSetting setting;
        setting.ranks = 16;
        setting.nic_near_gpu = false;
        const NcclTuning tuning = nccl_tune_model(setting, NcclCollective::all_reduce);
        CHECK(candidate_named(tuning, "Tree/LL128").disabled_because.find("tuning.cc:522") == 0);
        CHECK_FALSE(candidate_named(tuning, "Ring/LL128").enabled);
        CHECK(nccl_pick_label(tuning, 16 * mebibyte) != "Ring/LL128");
        setting.arch = NcclArch::ampere;
        CHECK(nccl_tune_model(setting, NcclCollective::all_reduce)
                  .candidates[1]
                  .disabled_because.find("tuning.cc:525") == 0);
    }
}

TEST_CASE("NCCL's pick is the strict minimum: ties go to the lower index, negatives are skipped") {
    struct Row {
        std::vector<float> times;
        int expected;
    };
    const Row rows[] = {
        {{5, 5}, 0}, {{-1, 3, 3}, 1},        {{4, 3, 3, 2.5f}, 3}, {{-1, -1, -1}, -1},
        {{}, -1},    {{7, -1, 7, 6.99f}, 3}, {{0, 0, 0}, 0},
    };
    for (const Row& row : rows) {
        CAPTURE(row.times.size());
        CHECK(nccl_least_time(row.times) == row.expected);
    }
}

TEST_CASE("NCCL's channels and architecture rules") {
    const NcclTuning tuning = nccl_hopper_tuning(16, NcclCollective::all_reduce);
    // enqueue.cc:2093: fewer channels while bytes < channels · 512 threads · 8 (Tree/LL).
    CHECK(nccl_choose(tuning, 32).channels == 1);
    CHECK(nccl_choose(tuning, 8 * kibibyte).channels == 2);
    CHECK(nccl_choose(tuning, 16 * kibibyte).channels == 4);
    // connect.cc:481: Hopper above 45 GB/s a channel gets 4 compute channels per search channel.
    NcclSetting fast;
    fast.ranks = 16;
    fast.bandwidth_gbps = 50;
    CHECK(nccl_tune_model(fast, NcclCollective::all_reduce).comm_channels == 8);
    fast.arch = NcclArch::ampere;
    CHECK(nccl_tune_model(fast, NcclCollective::all_reduce).comm_channels == 4);
    // Volta: the ring's Simple plateau costs 1.9 (tuning.cc:649), LL128 caps 20 GB/s a channel.
    NcclSetting volta;
    volta.ranks = 16;
    volta.arch = NcclArch::volta;
    const NcclTuning old = nccl_tune_model(volta, NcclCollective::all_reduce);
    CHECK(nccl_algo_time(old, candidate_named(old, "Ring/Simple"), 128 * mebibyte) ==
          doctest::Approx(428.4 * 1.9 + 134217728 / (1000 * 25.6)).epsilon(1e-6));
    CHECK(candidate_named(old, "Ring/LL128").bandwidth_gbps ==
          doctest::Approx(40.0 * 16 / 30).epsilon(1e-6));
    // A network latency L adds L a hop, 2L for Simple (tuning.cc:389-391).
    NcclSetting slow = volta;
    slow.net_latency_us = 3;
    const NcclTuning late = nccl_tune_model(slow, NcclCollective::all_reduce);
    CHECK(candidate_named(late, "Tree/Simple").latency_us ==
          doctest::Approx(8.4 + 8 * (14 + 6)).epsilon(1e-6));
    CHECK(candidate_named(late, "Ring/LL").latency_us ==
          doctest::Approx(6.6 + 30 * 8).epsilon(1e-6));
}
