#include "checker/mscclpp/operation_kind.hpp"

#include <array>
#include <utility>

namespace trivcheck::mscclpp {

namespace {

// execution_plan.cc's getOpType, name by name; gstorepkt (MULTI_STORE_PKT)
// as the project's specification lists it.
constexpr std::array<std::pair<std::string_view, OperationKind>, 30> names = {{
    {"nop", OperationKind::nop},
    {"barrier", OperationKind::barrier},
    {"put", OperationKind::put},
    {"pws", OperationKind::put_with_signal},
    {"pwsf", OperationKind::put_with_signal_and_flush},
    {"get", OperationKind::get},
    {"copy", OperationKind::copy},
    {"signal", OperationKind::signal},
    {"wait", OperationKind::wait},
    {"flush", OperationKind::flush},
    {"re", OperationKind::reduce},
    {"res", OperationKind::reduce_send},
    {"rre", OperationKind::read_reduce},
    {"rres", OperationKind::read_reduce_send},
    {"ppkt", OperationKind::put_packets},
    {"rppkt", OperationKind::read_put_packets},
    {"respkt", OperationKind::reduce_send_packets},
    {"cpkt", OperationKind::copy_packets},
    {"upkt", OperationKind::unpack_packets},
    {"repkt", OperationKind::reduce_packets},
    {"recpkt", OperationKind::reduce_copy_packets},
    {"recspkt", OperationKind::reduce_copy_send_packets},
    {"glres", OperationKind::multi_load_reduce_store},
    {"gstore", OperationKind::multi_store},
    {"gstorepkt", OperationKind::multi_store_packets},
    {"rlxsignal", OperationKind::relaxed_signal},
    {"rlxwait", OperationKind::relaxed_wait},
    {"pipeline", OperationKind::pipeline},
    {"sem_acquire", OperationKind::semaphore_acquire},
    {"sem_release", OperationKind::semaphore_release},
}};

}  // namespace

std::optional<OperationKind> operation_kind(std::string_view name) {
    for (const auto& [spelling, kind] : names)
        if (spelling == name) return kind;
    return std::nullopt;
}

std::string_view operation_name(OperationKind kind) {
    for (const auto& [spelling, known] : names)
        if (known == kind) return spelling;
    return "?";
}

bool waits_for_packets(OperationKind kind, std::size_t position) {
    switch (kind) {
        case OperationKind::read_put_packets:
        case OperationKind::unpack_packets:
        // handleMultiStorePkt: srcPackets[idx].read(flag_) before the multimem store.
        case OperationKind::multi_store_packets:
            return position == 0;
        case OperationKind::reduce_send_packets:  // source 0 is the local data
        case OperationKind::reduce_packets:
        case OperationKind::reduce_copy_packets:
        case OperationKind::reduce_copy_send_packets:
            return position >= 1;
        default:
            return false;
    }
}

bool writes_packets(OperationKind kind, std::size_t position) {
    switch (kind) {
        case OperationKind::put_packets:
        case OperationKind::read_put_packets:
        case OperationKind::copy_packets:
        case OperationKind::multi_store_packets:
            return true;
        case OperationKind::reduce_send_packets:  // destination 0 is plain data
        case OperationKind::reduce_copy_packets:
        case OperationKind::reduce_copy_send_packets:
            return position >= 1;
        default:
            return false;
    }
}

bool signals_after_put(OperationKind kind, ChannelKind channel) {
    return channel == ChannelKind::port && (kind == OperationKind::put_with_signal ||
                                            kind == OperationKind::put_with_signal_and_flush);
}

}  // namespace trivcheck::mscclpp
