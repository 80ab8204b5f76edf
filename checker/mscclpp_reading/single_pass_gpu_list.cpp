#include "checker/mscclpp_reading/single_pass_gpu_list.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <system_error>
#include <thread>

#include "checker/core/usable_cores.hpp"
#include "checker/mscclpp_reading/single_pass_fields.hpp"
#include "checker/mscclpp_reading/single_pass_gpus.hpp"

namespace trivcheck::mscclpp::detail {

namespace {

/// The ',' between two elements of a list that comes first at or after
/// `middle`, scanning from `from` (just after the list's '['); null when the
/// list ends first, or a string has an escape (not plain JSON: the cursor
/// gives up on it anyway).
const char* element_boundary(const char* from, const char* middle, const char* end) {
    int depth = 0;
    for (const char* at = from; at != end; ++at) {
        switch (*at) {
            case '"':
                for (++at; at != end && *at != '"'; ++at)
                    if (*at == '\\') return nullptr;
                if (at == end) return nullptr;
                break;
            case '{':
            case '[':
                ++depth;
                break;
            case '}':
            case ']':
                if (depth-- == 0) return nullptr;
                break;
            case ',':
                if (depth == 0 && at >= middle) return at;
                break;
            default:
                break;
        }
    }
    return nullptr;
}

/// The second thread's half of the list: it finds where the half begins
/// (a scan of the first half's structure, far quicker than reading it),
/// tells the first thread, then reads the half.
struct SecondHalf {
    enum State { looking, found, none };
    std::atomic<int> state{looking};
    /// The ',' before the half's first gpu (written before `found`).
    const char* boundary = nullptr;
    std::vector<Gpu> gpus;
    int largest_gpu_named = -1;
    /// After the list's ']'.
    const char* end = nullptr;
    std::exception_ptr failure;

    void read(const char* from, const char* middle, const char* text_end) {
        boundary = element_boundary(from, middle, text_end);
        state.store(boundary != nullptr ? found : none, std::memory_order_release);
        state.notify_one();
        if (boundary == nullptr) return;
        try {
            JsonCursor cursor(
                std::string_view(boundary, static_cast<std::size_t>(text_end - boundary)));
            cursor.expect(',');
            do gpus.push_back(read_gpu(cursor, largest_gpu_named));
            while (cursor.next_element(false));
            end = cursor.position();
        } catch (...) {
            failure = std::current_exception();
        }
    }
};

}  // namespace

std::vector<Gpu> read_gpu_list(JsonCursor& cursor, int& largest_gpu_named,
                               std::size_t two_readers_from) {
    std::vector<Gpu> gpus;
    cursor.expect('[');
    SecondHalf second;
    const std::string_view text = cursor.rest();
    const char* middle = text.data() + text.size() / 2;
    std::jthread second_reader;
    if (text.size() >= two_readers_from && usable_cores() >= 2) {
        try {
            second_reader =
                std::jthread([&] { second.read(text.data(), middle, text.data() + text.size()); });
        } catch (const std::system_error&) {
            // No second thread: this one reads every gpu.
        }
    }
    bool second_reads = second_reader.joinable();
    for (bool first = true; cursor.next_element(first); first = false) {
        Gpu gpu = read_gpu(cursor, largest_gpu_named);
        require(gpu.id == static_cast<int>(gpus.size()));
        gpus.push_back(std::move(gpu));
        if (!second_reads || cursor.position() < middle) continue;
        // Mostly known by now: the scan is quicker than the reading.
        second.state.wait(SecondHalf::looking, std::memory_order_acquire);
        if (second.state.load(std::memory_order_acquire) == SecondHalf::none) {
            second_reads = false;
            continue;
        }
        if (!cursor.reached(second.boundary)) {
            // Both read the list's structure alike: this one stops right at the boundary.
            require(cursor.position() < second.boundary);
            continue;
        }
        second_reader.join();
        if (second.failure) std::rethrow_exception(second.failure);
        for (Gpu& later : second.gpus) {
            require(later.id == static_cast<int>(gpus.size()));
            gpus.push_back(std::move(later));
        }
        largest_gpu_named = std::max(largest_gpu_named, second.largest_gpu_named);
        cursor.resume_at(second.end);
        return gpus;
    }
    if (second_reads) {
        // The list ended before the middle (more of the plan follows it): the
        // second thread finds no boundary, or the two disagree.
        second.state.wait(SecondHalf::looking, std::memory_order_acquire);
        require(second.state.load(std::memory_order_acquire) == SecondHalf::none);
    }
    return gpus;
}

}  // namespace trivcheck::mscclpp::detail
