#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

const char* spelling(StepType type) {
    switch (type) {
        case StepType::send:
            return "s";
        case StepType::receive:
            return "r";
        case StepType::receive_copy_send:
            return "rcs";
        case StepType::receive_reduce_send:
            return "rrs";
        case StepType::receive_reduce_copy:
            return "rrc";
        case StepType::receive_reduce_copy_send:
            return "rrcs";
        case StepType::copy:
            return "cpy";
        case StepType::reduce:
            return "re";
        case StepType::nop:
            return "nop";
    }
    return "nop";
}

const char* spelling(Buffer buffer) {
    switch (buffer) {
        case Buffer::input:
            return "i";
        case Buffer::output:
            return "o";
        case Buffer::scratch:
            return "s";
    }
    return "i";
}

const char* spelling(Collective collective) {
    switch (collective) {
        case Collective::allreduce:
            return "allreduce";
        case Collective::allgather:
            return "allgather";
        case Collective::reduce_scatter:
            return "reduce_scatter";
        case Collective::alltoall:
            return "alltoall";
        case Collective::broadcast:
            return "broadcast";
        case Collective::reduce:
            return "reduce";
        case Collective::gather:
            return "gather";
        case Collective::scatter:
            return "scatter";
        case Collective::alltoallv:
            return "alltoallv";
        case Collective::send:
            return "send";
        case Collective::recv:
            return "recv";
        case Collective::custom:
            return "custom";
    }
    return "allreduce";
}

InPlaceLayout in_place_layout(Collective collective) {
    switch (collective) {
        case Collective::allgather:
        case Collective::gather:
            return InPlaceLayout::input_in_output;
        case Collective::reduce_scatter:
        case Collective::scatter:
            return InPlaceLayout::output_in_input;
        default:
            return InPlaceLayout::one_buffer;
    }
}

const char* spelling(Runtime runtime) {
    switch (runtime) {
        case Runtime::rccl:
            return "rccl";
        case Runtime::msccl:
            return "msccl";
        case Runtime::none:
            break;
    }
    return "none";
}

const RuntimeRules& rules_of(Runtime runtime) {
    // ROCm/rccl 0cbce2a7: src/include/msccl/msccl_struct.h (MSCCL_MAX_NUM_STEPS 64,
    // MSCCL_MAX_NUM_THREAD_BLOCKS 64, MSCCL_MAX_COUNT 72,
    // MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL 32); full ops refused in
    // mscclSetupKernel (src/misc/msccl/msccl_setup.cc); minBytes, maxBytes and
    // outofplace read without a default in mscclGetAlgoFromXmlFile (msccl_parser.cc).
    static const RuntimeRules rccl{Runtime::rccl, "ROCm/rccl 0cbce2a7", 64, 64, 72, 32, false,
                                   true};
    // microsoft/msccl b23e9cd: src/include/msccl.h (256 steps, 108 * 2 thread
    // blocks, MSCCL_MAX_COUNT 72, 32 a channel); every step type runs;
    // minBytes and maxBytes optional (src/graph/topo.cc).
    static const RuntimeRules msccl{
        Runtime::msccl, "microsoft/msccl b23e9cd", 256, 216, 72, 32, true, false};
    return runtime == Runtime::msccl ? msccl : rccl;
}

}  // namespace trivcheck::msccl
