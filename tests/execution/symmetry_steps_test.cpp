// Orbits under some of the translations only (RotationOrbit::symmetry_steps):
// Swing commutes with the even rotations of a ring and the even translations
// of a torus, not with the others. Kept as the transfers of one rank per
// coset of those symmetries (2 on a ring, 2^D on a torus), executed without
// expanding, such an orbit must report what executing every rank reports,
// violations included.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// The orbit of `whole` under the translations by multiples of `steps`:
/// per step, the transfers whose sender is a representative, in their order.
RotationOrbit representatives_orbit(const Schedule& whole, const std::vector<int>& steps) {
    RotationOrbit orbit{whole, steps};
    const RankTranslations translations = orbit_translations(orbit);
    for (Step& step : orbit.model.steps) {
        std::vector<Transfer> kept;
        for (const Transfer& transfer : step.transfers)
            if (translations.representative_of(transfer.src) == transfer.src)
                kept.push_back(transfer);
        step.transfers = std::move(kept);
    }
    return orbit;
}

/// A step's messages, sorted: (sender, receiver, blocks).
std::vector<std::tuple<int, int, std::vector<int>>> messages(const Step& step) {
    std::vector<std::tuple<int, int, std::vector<int>>> listed;
    for (const Transfer& transfer : step.transfers)
        listed.emplace_back(transfer.src, transfer.dst, transfer.blocks.sorted());
    std::sort(listed.begin(), listed.end());
    return listed;
}

/// What every report of a schedule that holds or breaks carries: verdict,
/// counts and figures.
void check_same_report(const Report& orbit, const Report& whole) {
    CHECK(orbit.verdict == whole.verdict);
    CHECK(orbit.violation_counts == whole.violation_counts);
    const nlohmann::ordered_json a = report_to_json(orbit);
    const nlohmann::ordered_json b = report_to_json(whole);
    for (const char* key : {"per_step", "totals", "theta", "torus"}) {
        CAPTURE(key);
        CHECK(a.value(key, nlohmann::ordered_json()) == b.value(key, nlohmann::ordered_json()));
    }
}

const ExecuteOptions plain{.use_symmetry = false};

}  // namespace

TEST_CASE("symmetry steps: representatives, cosets and the order of the symmetries") {
    const RankTranslations translations = RankTranslations({4, 6}, {}).with_symmetry_steps({2, 3});
    CHECK(translations.representatives() == 6);
    CHECK(translations.symmetries() == 4);
    std::vector<int> seen(24, 0);
    for (int index = 0; index < translations.representatives(); ++index) {
        const int representative = translations.representative(index);
        CHECK(translations.representative_index(representative) == index);
        for (int order = 0; order < translations.symmetries(); ++order) {
            const int symmetry = translations.symmetry(order);
            CHECK(translations.symmetry_index(symmetry) == order);
            const int rank = translations.add(representative, symmetry);
            CHECK(translations.representative_index(rank) == index);
            ++seen[static_cast<std::size_t>(rank)];
        }
    }
    // Representatives moved by the symmetries reach every rank once.
    CHECK(std::count(seen.begin(), seen.end(), 1) == 24);
    CHECK(translations.symmetry(1) == 2);   // (2, 0)
    CHECK(translations.symmetry(2) == 12);  // (0, 3)
    CHECK_THROWS(translations.with_symmetry_steps({3, 3}));
}

TEST_CASE("symmetry steps: Swing B on a ring, kept as ranks 0 and 1") {
    for (int n : {4, 8, 16, 32}) {
        CAPTURE(n);
        const Schedule whole = generate(GeneratorRequest{"swing", Form::B, Topology::ring(n)});
        const RotationOrbit orbit = representatives_orbit(whole, {2});
        CHECK(orbit.model.steps.front().transfers.size() * static_cast<std::size_t>(n / 2) ==
              whole.steps.front().transfers.size());
        // The even turns of ranks 0 and 1 are every rank's messages (the
        // all-gather lists them by receiver: compared in sorted order).
        const Schedule expanded = expand(orbit);
        for (std::size_t k = 0; k < whole.steps.size(); ++k)
            CHECK(messages(expanded.steps[k]) == messages(whole.steps[k]));
        check_same_report(execute(orbit), execute(whole, plain));
        CHECK(report_to_json(check_orbit(orbit)).dump() ==
              report_to_json(check_schedule(whole, plain)).dump());
    }
}

TEST_CASE("symmetry steps: Swing B and L on tori, kept as 2^D representatives") {
    for (const std::vector<int>& dims :
         {std::vector<int>{4, 4}, std::vector<int>{8, 4}, std::vector<int>{4, 4, 2}})
        for (Form form : {Form::B, Form::L}) {
            const Topology topology{TopologyKind::torus, dims, {}};
            CAPTURE(topology.describe());
            CAPTURE(to_string(form));
            const Schedule whole = generate(GeneratorRequest{"swing", form, topology});
            const RotationOrbit orbit =
                representatives_orbit(whole, std::vector<int>(dims.size(), 2));
            check_same_report(execute(orbit), execute(whole, plain));
            check_same_report(check_orbit(orbit), check_schedule(whole, plain));
        }
}

TEST_CASE("symmetry steps: a broken representative breaks its whole coset") {
    const Schedule whole = generate(GeneratorRequest{"swing", Form::B, Topology::ring(16)});
    RotationOrbit orbit = representatives_orbit(whole, {2});
    // Rank 1's first message loses its first block: so does every odd rank's.
    Transfer& broken = orbit.model.steps.front().transfers.at(2);
    REQUIRE(broken.src == 1);
    std::vector<int> blocks = broken.blocks.sorted();
    blocks.erase(blocks.begin());
    broken.blocks = BlockSet(std::move(blocks), whole.blocks);
    const Report report = execute(orbit);
    const Report reference = execute(expand(orbit), plain);
    REQUIRE(reference.verdict == Verdict::violated);
    check_same_report(report, reference);
    // Each of the eight odd ranks' contributions to one block is lost, at all 16 ranks:
    // rank 1's to block 0 (rank 0's first), rank 3's to block 2, and so on.
    CHECK(report.violation_counts.size() == 1);
    CHECK(report.violation_counts.at(ViolationKind::missing) == 128);
    REQUIRE(!report.violations.empty());
    CHECK(report.violations.front().detail ==
          "rank 0 ends without all of block 0: holds 15 of 16 contributions, lacks contributor 1");
}
