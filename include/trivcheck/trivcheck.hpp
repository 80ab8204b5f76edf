#pragma once
// trivcheck as a library: what the command line does, callable from C++.
// Link the CMake target `trivcheck_library`; include this header only.
//
//   trivcheck::GeneratorRequest request;          // a schedule of the catalogue
//   request.algo = "trivance";
//   request.form = trivcheck::Form::B;
//   request.topology = trivcheck::Topology::ring(27);
//   trivcheck::CheckResult result = trivcheck::check(trivcheck::generate(request));
//   result.report.verdict == trivcheck::Verdict::holds
//
//   trivcheck::check(trivcheck::load_input("allreduce.xml"))   // any input file
//   trivcheck::sweep(requests, {}, /*jobs=*/2)                  // many sizes
//   trivcheck::proofs::prove({})                                // every n < 3^31
//
// Errors are exceptions: InputError (a file its reader refuses), NotApplicable
// (what no checker or generator takes), ResourceLimit (above the memory limit).

#include "checker/core/input_error.hpp"
#include "checker/core/report.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_text.hpp"
#include "library/check.hpp"
#include "library/input.hpp"
#include "library/sweep.hpp"
#include "models/generator.hpp"
#include "proofs/prover.hpp"
