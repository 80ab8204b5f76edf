#pragma once
#include "checker/mscclpp/plan.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::mscclpp {

/// An MSCCL-IR program as an MSCCL++ execution plan with the same meaning
/// (docs/mscclpp.md, Export): every connection becomes a pair of memory
/// channels; a send puts its chunks into a landing range of the receiver's
/// scratch and signals, a receive waits and copies or reduces from there;
/// each receiving thread block first signals its sender that its landing
/// ranges are free (the next launch's puts wait for it); a step's wait on
/// another thread block's step is a semaphore acquire matched by releases;
/// a thread block past executor_max_operations is a chain of blocks within
/// it, each acquiring what the one before releases last.
Plan plan_from_msccl(const msccl::Program& program);

}  // namespace trivcheck::mscclpp
