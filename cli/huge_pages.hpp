#pragma once

namespace trivcheck::cli {

/// Makes glibc's malloc back its memory with transparent huge pages.
///
/// A large check touches hundreds of megabytes once (an MSCCL file's XML tree,
/// the executor's cells): with 4 KiB pages that is one page fault per page,
/// and with 2 MiB pages a few hundred faults and far fewer TLB misses (an
/// exported 256-rank ring: 45,000 faults and 0.89 s, against 3,300 and 0.45 s).
/// glibc reads its `glibc.malloc.hugetlb` tunable from the environment only at
/// start-up, so when GLIBC_TUNABLES does not set it yet this adds it and
/// executes the program again (/proc/self/exe, same arguments); the second
/// start finds it set and returns. The restart costs one more start of the
/// program (10 to 20 ms, loading its libraries again), so it is done only
/// where it can help: when the kernel gives huge pages on request
/// (/sys/kernel/mm/transparent_hugepage/enabled is "madvise") and malloc is
/// glibc's (not in sanitizer builds). Set GLIBC_TUNABLES yourself (for
/// instance `glibc.malloc.hugetlb=0`) to run without it. Returns without
/// effect when the new start fails.
void restart_with_huge_pages(char** argv);

}  // namespace trivcheck::cli
