//===- RecordCodec.h - Access records as bytes, for a forked worker -------===//
//
// The per-file pipeline may analyze a file's kernels in worker processes
// forked after the parse (lint/KernelWorkers.h): each worker reads its own
// copy-on-write copy of the AST, and its records come back to the parent as
// bytes. The AST pointers in a record (the access site, the shared array's
// declaration) are written as addresses: they are valid only in the process
// that forked the worker, whose AST lives at the same addresses. Every field
// is written; a record that round-trips is the same record.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_RECORDCODEC_H
#define CCL_ANALYZER_RECORDCODEC_H

#include "analyzer/AccessRecord.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace ccl {

/// The records as bytes (AccessRecord::AtLaunch must be empty: it is set
/// later, by the pipeline).
std::string encodeRecords(const std::vector<AccessRecord> &Records);

/// The records \p Bytes encodes, or nullopt when they are cut short or
/// malformed.
std::optional<std::vector<AccessRecord>> decodeRecords(llvm::StringRef Bytes);

} // namespace ccl
#endif
