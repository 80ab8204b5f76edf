#pragma once
// Helpers shared by the schedule JSON tests (tests/schedule_json*_test.cpp).

#include <doctest/doctest.h>

#include <string>

#include "checker/formats/schedule_json.hpp"

namespace trivcheck::testing {

/// A small valid schedule; each error case below changes one piece of it.
inline const std::string kValid =
    R"({"schema": "trivcheck.schedule/1", "name": "t", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [4]}, "ranks": 4, "blocks": 4, "ports": 2,
 "steps": [{"phase": "reduce_scatter", "transfers": [
   {"src": 0, "dst": 1, "blocks": [0], "op": "reduce"},
   {"src": 1, "dst": 2, "blocks": "1", "op": "reduce", "route": "+"}]}]})";

/// `text` with `from` (which must occur exactly once) replaced by `to`.
inline std::string replaced(const std::string& text, const std::string& from,
                            const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    REQUIRE_MESSAGE(text.find(from, at + 1) == std::string::npos, from);
    return text.substr(0, at) + to + text.substr(at + from.size());
}

/// kValid with `from` replaced by `to`.
inline std::string with(const std::string& from, const std::string& to) {
    return replaced(kValid, from, to);
}

inline std::string error_of(const std::string& text) {
    try {
        parse_schedule_json(text, "t.json");
    } catch (const InputError& error) {
        return error.what();
    }
    return "(no error)";
}

inline void check_equal(const Schedule& a, const Schedule& b) {
    CHECK(a.name == b.name);
    CHECK(a.algo == b.algo);
    CHECK(a.form == b.form);
    CHECK(a.collective == b.collective);
    CHECK(a.topology.kind == b.topology.kind);
    CHECK(a.topology.dims == b.topology.dims);
    CHECK(a.topology.edges == b.topology.edges);
    CHECK(a.ranks == b.ranks);
    CHECK(a.blocks == b.blocks);
    CHECK(a.ports == b.ports);
    CHECK(a.buffers == b.buffers);
    REQUIRE(a.bounds.has_value() == b.bounds.has_value());
    if (a.bounds) {
        CHECK(a.bounds->steps == b.bounds->steps);
        CHECK(a.bounds->link_chunks == b.bounds->link_chunks);
        CHECK(a.bounds->link_bytes == b.bounds->link_bytes);
        CHECK(a.bounds->bytes_per_rank_per_phase == b.bounds->bytes_per_rank_per_phase);
        CHECK(a.bounds->theta == b.bounds->theta);
    }
    REQUIRE(a.steps.size() == b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        CAPTURE(k);
        CHECK(a.steps[k].phase == b.steps[k].phase);
        REQUIRE(a.steps[k].transfers.size() == b.steps[k].transfers.size());
        for (std::size_t i = 0; i < a.steps[k].transfers.size(); ++i) {
            CAPTURE(i);
            const Transfer& x = a.steps[k].transfers[i];
            const Transfer& y = b.steps[k].transfers[i];
            CHECK(x.src == y.src);
            CHECK(x.dst == y.dst);
            CHECK(x.op == y.op);
            CHECK(x.route == y.route);
            CHECK(x.blocks.sorted() == y.blocks.sorted());
            CHECK(x.src_buffer == y.src_buffer);
            CHECK(x.dst_buffer == y.dst_buffer);
        }
        REQUIRE(a.steps[k].local.size() == b.steps[k].local.size());
        for (std::size_t i = 0; i < a.steps[k].local.size(); ++i) {
            CAPTURE(i);
            const LocalOp& x = a.steps[k].local[i];
            const LocalOp& y = b.steps[k].local[i];
            CHECK(x.rank == y.rank);
            CHECK(x.src_buffer == y.src_buffer);
            CHECK(x.dst_buffer == y.dst_buffer);
            CHECK(x.op == y.op);
            CHECK(x.blocks.sorted() == y.blocks.sorted());
        }
    }
}

/// Writes, reads back, compares, and checks that writing again gives the
/// same text (the writer is deterministic and the reader loses nothing).
inline void check_round_trip(const Schedule& schedule) {
    const std::string text = write_schedule_json(schedule);
    Schedule read = parse_schedule_json(text, "round-trip.json");
    check_equal(schedule, read);
    CHECK(write_schedule_json(read) == text);
    for (const Step& step : read.steps)
        for (const Transfer& transfer : step.transfers)
            CHECK(transfer.blocks.modulus() == read.blocks);
}

}  // namespace trivcheck::testing
