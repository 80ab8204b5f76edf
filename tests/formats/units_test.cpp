#include "checker/formats/units.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace trivcheck;

TEST_CASE("sizes, times and rates parse to bytes, seconds and bytes per second") {
    struct Case {
        std::string text;
        double bytes;
    };
    for (const Case& size : std::vector<Case>{{"32B", 32},
                                              {"4KiB", 4096},
                                              {"1.5MiB", 1572864},
                                              {"2 GiB", 2147483648.0},
                                              {"20kB", 20000},
                                              {"1MB", 1e6},
                                              {".5KiB", 512}}) {
        CAPTURE(size.text);
        CHECK(parse_bytes("--m", size.text) == doctest::Approx(size.bytes).epsilon(1e-12));
    }
    CHECK(parse_seconds("--alpha", "1.5us") == doctest::Approx(1.5e-6).epsilon(1e-12));
    CHECK(parse_seconds("--alpha", "1.5 \xC2\xB5s") == doctest::Approx(1.5e-6).epsilon(1e-12));
    CHECK(parse_seconds("--alpha", "800ns") == doctest::Approx(8e-7).epsilon(1e-12));
    CHECK(parse_seconds("--alpha", "2ms") == doctest::Approx(2e-3).epsilon(1e-12));
    CHECK(parse_seconds("--alpha", "1s") == 1);
    CHECK(parse_rate("--link", "800Gbps") == doctest::Approx(1e11).epsilon(1e-12));
    CHECK(parse_rate("--link", "100GB/s") == doctest::Approx(1e11).epsilon(1e-12));
    CHECK(parse_rate("--link", "1GiB/s") == doctest::Approx(1073741824.0).epsilon(1e-12));
    CHECK(parse_seconds_per_byte("--beta", "10ps/B") == doctest::Approx(1e-11).epsilon(1e-12));
    CHECK(parse_seconds_per_byte("--beta", "1ns/100B") == doctest::Approx(1e-11).epsilon(1e-12));
    CHECK(parse_seconds_per_byte("--beta", "10ns/KB") == doctest::Approx(1e-11).epsilon(1e-12));
}

TEST_CASE("formatted quantities read back as the same value") {
    for (const std::string text : {"32 B", "4 KiB", "1.5 MiB", "20.12 KiB", "3 GiB", "1023 B"}) {
        CAPTURE(text);
        const double bytes = parse_bytes("--m", text);
        CHECK(format_bytes(bytes) == text);
        CHECK(parse_bytes("--m", format_bytes(bytes)) == bytes);
    }
    for (const std::string text : {"1.5 us", "171 us", "12 ns", "2.5 ms", "10 ps", "3 s"}) {
        CAPTURE(text);
        const double seconds = parse_seconds("--alpha", text);
        CHECK(format_seconds(seconds) == text);
        CHECK(parse_seconds("--alpha", format_seconds(seconds)) ==
              doctest::Approx(seconds).epsilon(1e-12));
    }
    for (const std::string text : {"800 Gbps", "100 Mbps", "1.6 Tbps"}) {
        CAPTURE(text);
        CHECK(format_rate(parse_rate("--link", text)) == text);
    }
    CHECK(format_bytes(1536 * 1024) == "1.5 MiB");
    CHECK(format_seconds(1.5e-6) == "1.5 us");
    CHECK(format_rate(1e11) == "800 Gbps");
}

TEST_CASE("a bad quantity names the option, the text and what was expected") {
    struct Case {
        std::string text;
        std::string error;
    };
    const std::vector<Case> sizes = {
        {"32",
         "--m: \"32\": no unit; expected a number and a size unit (B, KiB, MiB, GiB, TiB, "
         "kB, KB, MB, GB, TB)"},
        {"12XB",
         "--m: \"12XB\": unknown size unit \"XB\" (expected B, KiB, MiB, GiB, TiB, kB, KB, "
         "MB, GB, TB)"},
        {"KiB",
         "--m: \"KiB\": expected a number and a size unit (B, KiB, MiB, GiB, TiB, kB, KB, "
         "MB, GB, TB)"},
        {"-4KiB",
         "--m: \"-4KiB\": expected a number and a size unit (B, KiB, MiB, GiB, TiB, kB, "
         "KB, MB, GB, TB)"},
        {"0B", "--m: \"0B\": a size must be positive and finite"},
        {"",
         "--m: \"\": expected a number and a size unit (B, KiB, MiB, GiB, TiB, kB, KB, MB, "
         "GB, TB)"},
    };
    for (const Case& bad : sizes) {
        CAPTURE(bad.text);
        CHECK_THROWS_WITH_AS(parse_bytes("--m", bad.text), bad.error.c_str(), UnitError);
    }
    CHECK_THROWS_WITH_AS(parse_seconds("--alpha", "1.5 parsecs"),
                         "--alpha: \"1.5 parsecs\": unknown time unit \"parsecs\" (expected ps, "
                         "ns, us, \xC2\xB5s, ms, s)",
                         UnitError);
    CHECK_THROWS_WITH_AS(parse_rate("--link", "800Gb"),
                         "--link: \"800Gb\": unknown rate unit \"Gb\" (expected Mbps, Gbps, Tbps, "
                         "MB/s, GB/s, TB/s, MiB/s, GiB/s)",
                         UnitError);
    CHECK_THROWS_WITH_AS(parse_seconds_per_byte("--beta", "10ps"),
                         "--beta: \"10ps\": expected a time per size, e.g. 10ps/B or 1ns/100B",
                         UnitError);
    CHECK_THROWS_WITH_AS(parse_byte_sizes("--m", "1MiB..1KiB", 10),
                         "--m: \"1MiB..1KiB\": empty range: the first size is larger than the last",
                         UnitError);
}

TEST_CASE("a size range is log-spaced and includes both ends; a list is sorted") {
    const std::vector<double> sizes = parse_byte_sizes("--m", "32B..128MiB", 121);
    REQUIRE(sizes.size() == 121);
    CHECK(sizes.front() == 32);
    CHECK(sizes.back() == 128.0 * 1048576);
    // 22 doublings over 120 intervals: every ratio is 2^(22/120).
    for (std::size_t i = 1; i < sizes.size(); ++i)
        CHECK(sizes[i] / sizes[i - 1] == doctest::Approx(std::pow(2.0, 22.0 / 120)));
    CHECK(parse_byte_sizes("--m", "1MiB,4KiB,4KiB,32B", 0) ==
          std::vector<double>{32, 4096, 1048576});
}
