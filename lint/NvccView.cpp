//===- NvccView.cpp - The compiler view from nvcc's PTX --------------------===//
#include "lint/NvccView.h"
#include "codegen/Nvcc.h"
#include "codegen/Ptx.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>

using namespace clang;
using namespace ccl;

/// nvcc's view: nvcc compiles the main file with the include folders and
/// macros of the parse (made absolute: nvcc runs in this process's folder),
/// its language standard and its GPU architecture.
llvm::Expected<std::unique_ptr<DeviceCodeView>>
ccl::nvccView(ASTContext &Ctx, const LintOptions &Opts,
         llvm::ArrayRef<std::string> CompileFlags) {
  llvm::Expected<std::string> Nvcc = findNvcc(Opts.CudaPath);
  if (!Nvcc)
    return Nvcc.takeError();
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::vfs::FileSystem &FS = SM.getFileManager().getVirtualFileSystem();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the main file has no path");
  llvm::SmallString<256> File(Main->getName());
  FS.makeAbsolute(File);
  std::vector<std::string> Flags;
  for (const std::string &F : CompileFlags) {
    if (llvm::StringRef(F).starts_with("-I")) {
      llvm::SmallString<256> Dir(llvm::StringRef(F).drop_front(2));
      FS.makeAbsolute(Dir);
      Flags.push_back("-I" + std::string(Dir));
    } else {
      Flags.push_back(F);
    }
  }
  const LangStandard &Std =
      LangStandard::getLangStandardForKind(Ctx.getLangOpts().LangStd);
  // nvcc takes c++NN only (gnu++17 is c++17 with GNU extensions, which
  // nvcc's host compiler has anyway).
  llvm::StringRef StdName = Std.getName();
  if (StdName.consume_front("gnu++") || StdName.consume_front("c++"))
    Flags.push_back("-std=c++" + StdName.str());
  // nvcc's wall time is the file's --compiler-budget (0: at most 600 s).
  unsigned Timeout =
      Opts.CompilerBudget > 0
          ? std::max(1u, (unsigned)std::ceil(Opts.CompilerBudget))
          : 600u;
  llvm::Expected<std::string> Ptx =
      nvccPtx(*Nvcc, File, Ctx.getTargetInfo().getTargetOpts().CPU, Flags,
              Timeout);
  if (!Ptx && Opts.CompilerBudget > 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::toString(Ptx.takeError()) +
            " (--compiler-budget=" + std::to_string(Timeout) +
            " bounds nvcc's time for the file; raise it, or 0 for no bound)");
  if (!Ptx)
    return Ptx.takeError();
  if (!Opts.DumpPtx.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Opts.DumpPtx, EC);
    if (!EC)
      OS << *Ptx;
  }
  return std::make_unique<DeviceCodeView>(Ctx, ptx::parse(*Ptx));
}
