#include "bench/bench_case.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace trivcheck::bench {

namespace {

InnerCall read_inner(const nlohmann::json& inner) {
    InnerCall call;
    call.call = inner.at("call").get<std::string>();
    if (call.call == "check_generated") {
        call.algo = inner.at("algo").get<std::string>();
        call.form = inner.at("form").get<std::string>();
        call.n = inner.at("n").get<int>();
        call.verdict = inner.at("verdict").get<std::string>();
    } else if (call.call == "every_algorithm") {
        call.first = inner.at("first").get<int>();
        call.last = inner.at("last").get<int>();
    } else {
        throw std::runtime_error("unknown inner call '" + call.call +
                                 "' (have: check_generated, every_algorithm)");
    }
    return call;
}

BenchCase read_case(const nlohmann::json& entry) {
    BenchCase bench;
    bench.name = entry.at("name").get<std::string>();
    bench.suite = entry.at("suite").get<std::string>();
    bench.budget_seconds = entry.at("budget_seconds").get<double>();
    bench.budget_gib = entry.value("budget_gib", 0.0);
    bench.expected_exit = entry.value("expected_exit", 0);
    bench.command = entry.value("command", std::vector<std::string>{});
    bench.setup = entry.value("setup", std::vector<std::string>{});
    if (entry.contains("inner")) bench.inner = read_inner(entry.at("inner"));
    if (bench.command.empty() == !bench.inner.has_value())
        throw std::runtime_error("give either command or inner");
    if (bench.budget_seconds <= 0) throw std::runtime_error("budget_seconds must be positive");
    return bench;
}

}  // namespace

std::vector<BenchCase> read_bench_cases(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open");
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(path + ": " + error.what());
    }
    if (document.value("format", "") != "trivcheck.bench/1")
        throw std::runtime_error(path + ": format is not trivcheck.bench/1");
    std::vector<BenchCase> cases;
    if (!document.contains("cases") || !document["cases"].is_array())
        throw std::runtime_error(path + ": no array of cases");
    const nlohmann::json& entries = document["cases"];
    for (std::size_t i = 0; i < entries.size(); ++i) {
        try {
            cases.push_back(read_case(entries[i]));
        } catch (const std::exception& error) {
            throw std::runtime_error(path + ": cases[" + std::to_string(i) + "]: " + error.what());
        }
    }
    return cases;
}

std::vector<std::string> suites_of(const std::vector<BenchCase>& cases) {
    std::vector<std::string> suites;
    for (const BenchCase& bench : cases)
        if (std::find(suites.begin(), suites.end(), bench.suite) == suites.end())
            suites.push_back(bench.suite);
    return suites;
}

}  // namespace trivcheck::bench
