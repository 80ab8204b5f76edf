#include "checker/search/size_class.hpp"

#include <algorithm>

namespace trivcheck {

namespace {

bool is_power_of(int n, int base) {
    if (n < base) return false;
    while (n % base == 0) n /= base;
    return n == 1;
}

}  // namespace

SizeClass classify_size(int n) {
    if (is_power_of(n, 3)) return SizeClass::power_of_3;
    if (is_power_of(n, 2)) return SizeClass::power_of_2;
    return SizeClass::other;
}

SizeClass classify_shape(const std::vector<int>& dims) {
    for (SizeClass size_class : {SizeClass::power_of_3, SizeClass::power_of_2})
        if (!dims.empty() && std::all_of(dims.begin(), dims.end(), [&](int extent) {
                return classify_size(extent) == size_class;
            }))
            return size_class;
    return SizeClass::other;
}

const char* to_string(SizeClass size_class) {
    switch (size_class) {
        case SizeClass::power_of_3:
            return "power of 3";
        case SizeClass::power_of_2:
            return "power of 2";
        case SizeClass::other:
            return "other";
    }
    return "other";
}

}  // namespace trivcheck
