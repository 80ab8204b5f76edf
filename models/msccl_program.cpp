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

}  // namespace trivcheck::msccl
