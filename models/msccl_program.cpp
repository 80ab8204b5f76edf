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
    }
    return "allreduce";
}

}  // namespace trivcheck::msccl
