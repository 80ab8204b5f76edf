#include <doctest/doctest.h>

#include <trivcheck/trivcheck.hpp>

#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using trivcheck::testing::source_path;
using trivcheck::testing::temporary_file;

// The public header (include/trivcheck/trivcheck.hpp): each kind of input
// comes back from load_input as what it is, and check judges it by its checker.

TEST_CASE("library: load_input tells each kind of input by its content, and check judges it") {
    SUBCASE("a trivcheck schedule") {
        const Input input = load_input(source_path("tests/examples/trivance-B-9.json"));
        REQUIRE(std::holds_alternative<Schedule>(input));
        CHECK(check(input).report.verdict == Verdict::holds);
    }
    SUBCASE("a published schedule that fails") {
        const Input input = load_input(source_path("tests/examples/trivance-L-4-published.json"));
        const CheckResult result = check(input);
        CHECK(result.report.verdict == Verdict::violated);
        CHECK(result.report.violations.front().kind == ViolationKind::double_count);
    }
    SUBCASE("an MSCCL-IR program, whatever its name") {
        const std::string text = trivcheck::testing::file_contents(
            source_path("tests/msccl/orders/allpairs-own-order.xml"));
        const Input input = load_input(temporary_file("library-program", ".txt", text));
        REQUIRE(std::holds_alternative<msccl::Program>(input));
        CHECK(check(input).report.verdict == Verdict::holds);
        CheckSettings settings;
        settings.required = {"rank_consistency"};
        CHECK(check(input, settings).report.verdict == Verdict::violated);
    }
    SUBCASE("an MSCCL++ execution plan, relaxed-signal publishing: stale read") {
        const Input input = load_input(temporary_file(
            "library-plan", ".json", trivcheck::testing::two_gpu_plan_joined("rlxsignal", "wait")));
        REQUIRE(std::holds_alternative<mscclpp::Plan>(input));
        const CheckResult result = check(input);
        CHECK(result.report.verdict == Verdict::violated);
        CHECK(result.report.violations.front().kind == ViolationKind::stale_read);
    }
    SUBCASE("a file no reader takes is an input error") {
        CHECK_THROWS_AS(load_input(temporary_file("library-bad", ".json", "{\"schema\": 1}")),
                        InputError);
    }
}

TEST_CASE(
    "library: sweep returns the outcomes in the requests' order, with any number of threads") {
    std::vector<GeneratorRequest> requests;
    for (int n = 2; n <= 10; ++n) {
        GeneratorRequest request;
        request.algo = "trivance";
        request.form = Form::L;
        request.topology = Topology::ring(n);
        requests.push_back(request);
    }
    const std::vector<SizeOutcome> one = sweep(requests, {}, 1);
    const std::vector<SizeOutcome> two = sweep(requests, {}, 2);
    REQUIRE(one.size() == requests.size());
    for (std::size_t index = 0; index < one.size(); ++index) {
        CAPTURE(index);
        CHECK(one[index].n == static_cast<int>(index) + 2);
        CHECK(two[index].status == one[index].status);
        CHECK((one[index].status == SweepStatus::holds) ==
              (one[index].n == 3 || one[index].n == 9));
    }
}
