//===- NvccOptions.cpp - nvcc's command line as clang flags ---------------===//
#include "lint/NvccOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

using namespace llvm;
using namespace ccl;

namespace {
using E = NvccEffect;
using V = NvccValue;

// `nvcc --help` of CUDA 13.0, option by option (test/cli/nvcc-options.test
// checks that no option of the installed nvcc is missing).
const NvccOption Table[] = {
    // What nvcc makes (the linter parses the source instead).
    {"cuda", "cuda", V::None, E::Drop},
    {"cubin", "cubin", V::None, E::Drop},
    {"fatbin", "fatbin", V::None, E::Drop},
    {"ptx", "ptx", V::None, E::Drop},
    {"optix-ir", "optix-ir", V::None, E::Drop},
    {"ltoir", "ltoir", V::None, E::Drop},
    {"preprocess", "E", V::None, E::Drop},
    {"generate-dependencies", "M", V::None, E::Drop},
    {"generate-nonsystem-dependencies", "MM", V::None, E::Drop},
    {"generate-dependencies-with-compile", "MD", V::None, E::Drop},
    {"generate-nonsystem-dependencies-with-compile", "MMD", V::None, E::Drop},
    {"dependency-output", "MF", V::One, E::Drop},
    {"generate-dependency-targets", "MP", V::None, E::Drop},
    {"compile", "c", V::None, E::Drop},
    // Separate compilation: extern __device__ declarations are allowed.
    {"device-c", "dc", V::None, E::Flags, "-fgpu-rdc -D__CUDACC_RDC__"},
    {"device-w", "dw", V::None, E::Flags, "-fgpu-rdc -D__CUDACC_RDC__"},
    {"device-link", "dlink", V::None, E::Drop},
    {"link", "link", V::None, E::Drop},
    {"lib", "lib", V::None, E::Drop},
    {"run", "run", V::None, E::Drop},
    // Files and paths.
    {"output-file", "o", V::One, E::Drop},
    {"pre-include", "include", V::List, E::Clang, "-include "},
    {"objdir-as-tempdir", "objtemp", V::None, E::Drop},
    {"library", "l", V::List, E::Drop},
    {"define-macro", "D", V::List, E::Clang, "-D"},
    {"undefine-macro", "U", V::List, E::Clang, "-U"},
    {"include-path", "I", V::List, E::Clang, "-I"},
    {"system-include", "isystem", V::List, E::Clang, "-isystem "},
    {"library-path", "L", V::List, E::Drop},
    {"output-directory", "odir", V::One, E::Drop},
    {"compiler-bindir", "ccbin", V::One, E::Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", V::None,
     E::Drop},
    {"archiver-binary", "arbin", V::One, E::Drop},
    {"cudart", "cudart", V::One, E::Drop},
    {"cudadevrt", "cudadevrt", V::One, E::Drop},
    {"libdevice-directory", "ldir", V::One, E::Drop},
    {"target-directory", "target-dir", V::One, E::Drop},
    {"use-local-env", "use-local-env", V::None, E::Drop},
    {"force-cl-env-setup", "force-cl-env-setup", V::None, E::Drop},
    // Debugging and optimization: the compiler view compiles at -O3 itself.
    {"profile", "pg", V::None, E::Drop},
    {"debug", "g", V::None, E::Drop},
    {"device-debug", "G", V::None, E::Flags, "-D__CUDACC_DEBUG__=1"},
    {"generate-line-info", "lineinfo", V::None, E::Drop},
    {"optimization-info", "opt-info", V::List, E::Drop},
    {"optimize", "O", V::One, E::Drop},
    {"Ofast-compile", "Ofc", V::One, E::Drop},
    {"dopt", "dopt", V::One, E::Drop},
    {"dlink-time-opt", "dlto", V::None, E::Drop},
    {"lto", "lto", V::None, E::Drop},
    {"gen-opt-lto", "gen-opt-lto", V::None, E::Drop},
    // The language.
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", V::One,
     E::Clang, "-ftemplate-backtrace-limit="},
    {"ftemplate-depth", "ftemplate-depth", V::One, E::Clang,
     "-ftemplate-depth="},
    {"no-exceptions", "noeh", V::None, E::Flags, "-fno-exceptions"},
    {"shared", "shared", V::None, E::Drop},
    {"x", "x", V::One, E::Language},
    {"std", "std", V::One, E::Clang, "-std="},
    {"no-host-device-initializer-list", "nohdinitlist", V::None, E::Drop},
    {"no-host-device-move-forward", "nohdmoveforward", V::None, E::Drop},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", V::None, E::Flags,
     "-D__CUDACC_RELAXED_CONSTEXPR__=1"},
    {"extended-lambda", "extended-lambda", V::None, E::Flags,
     "-D__CUDACC_EXTENDED_LAMBDA__=1"},
    {"expt-extended-lambda", "expt-extended-lambda", V::None, E::Flags,
     "-D__CUDACC_EXTENDED_LAMBDA__=1"},
    {"machine", "m", V::One, E::Drop},
    {"m64", "m64", V::None, E::Drop},
    // Options for the tools nvcc runs.
    {"compiler-options", "Xcompiler", V::List, E::HostOptions},
    {"linker-options", "Xlinker", V::List, E::Drop},
    {"archive-options", "Xarchive", V::List, E::Drop},
    {"ptxas-options", "Xptxas", V::List, E::Drop},
    {"nvlink-options", "Xnvlink", V::List, E::Drop},
    {"static-global-template-stub", "static-global-template-stub", V::One,
     E::Drop},
    {"device-entity-has-hidden-visibility",
     "device-entity-has-hidden-visibility", V::One, E::Drop},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler",
     V::None, E::ForwardUnknown},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker",
     V::None, E::Drop},
    {"forward-unknown-opts", "forward-unknown-opts", V::None,
     E::ForwardUnknown},
    {"dont-use-profile", "noprof", V::None, E::Drop},
    {"dryrun", "dryrun", V::None, E::Drop},
    {"verbose", "v", V::None, E::Drop},
    {"threads", "t", V::One, E::Drop},
    {"split-compile", "split-compile", V::One, E::Drop},
    {"split-compile-extended", "split-compile-extended", V::One, E::Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", V::None, E::Drop},
    {"fdevice-time-trace", "fdevice-time-trace", V::One, E::Drop},
    {"keep", "keep", V::None, E::Drop},
    {"keep-dir", "keep-dir", V::One, E::Drop},
    {"save-temps", "save-temps", V::None, E::Drop},
    {"clean-targets", "clean", V::None, E::Drop},
    {"time", "time", V::One, E::Drop},
    {"run-args", "run-args", V::List, E::Drop},
    {"input-drive-prefix", "idp", V::One, E::Drop},
    {"dependency-drive-prefix", "ddp", V::One, E::Drop},
    {"drive-prefix", "dp", V::One, E::Drop},
    {"dependency-target-name", "MT", V::One, E::Drop},
    {"no-align-double", nullptr, V::None, E::Drop},
    {"no-device-link", "nodlink", V::None, E::Drop},
    // The GPU.
    {"gpu-architecture", "arch", V::One, E::Arch},
    {"gpu-code", "code", V::List, E::Arch},
    {"generate-code", "gencode", V::List, E::Arch},
    {"relocatable-device-code", "rdc", V::One, E::Flags,
     "-fgpu-rdc -D__CUDACC_RDC__", "true"},
    {"entries", "e", V::List, E::Drop},
    {"maxrregcount", "maxrregcount", V::One, E::Drop},
    // Arithmetic: no memory access changes.
    {"use_fast_math", "use_fast_math", V::None, E::Drop},
    {"ftz", "ftz", V::One, E::Drop},
    {"prec-div", "prec-div", V::One, E::Drop},
    {"prec-sqrt", "prec-sqrt", V::One, E::Drop},
    {"fmad", "fmad", V::One, E::Drop},
    {"extra-device-vectorization", "extra-device-vectorization", V::None,
     E::Drop},
    {"default-stream", "default-stream", V::One, E::Flags,
     "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1", "per-thread"},
    {"disable-warnings", "w", V::None, E::Flags, "-w"},
    {"keep-device-functions", "keep-device-functions", V::None, E::Drop},
    {"source-in-ptx", "src-in-ptx", V::None, E::Drop},
    // Every kernel pointer parameter __restrict__: loads through them may
    // be fused and read through the non-coherent cache.
    {"restrict", "restrict", V::None, E::NotModelled},
    // Messages.
    {"Wreorder", "Wreorder", V::None, E::Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", V::None, E::Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", V::None, E::Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", V::None,
     E::Drop},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", V::None,
     E::Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", V::None,
     E::Drop},
    {"Werror", "Werror", V::List, E::Drop},
    {"resource-usage", "res-usage", V::None, E::Drop},
    {"extensible-whole-program", "ewp", V::None, E::Drop},
    {"no-compress", "no-compress", V::None, E::Drop},
    {"qpp-config", "qpp-config", V::One, E::Drop},
    {"compile-as-tools-patch", "astoolspatch", V::None, E::Drop},
    {"list-gpu-code", "code-ls", V::None, E::Drop},
    {"list-gpu-arch", "arch-ls", V::None, E::Drop},
    {"display-error-number", "err-no", V::None, E::Drop},
    {"no-display-error-number", "no-err-no", V::None, E::Drop},
    {"diag-error", "diag-error", V::List, E::Drop},
    {"diag-suppress", "diag-suppress", V::List, E::Drop},
    {"diag-warn", "diag-warn", V::List, E::Drop},
    {"host-linker-script", "hls", V::One, E::Drop},
    {"augment-host-linker-script", "aug-hls", V::None, E::Drop},
    {"relocatable-link", "r", V::None, E::Drop},
    {"brief-diagnostics", "brief-diag", V::One, E::Drop},
    {"jump-table-density", "jtd", V::One, E::Drop},
    {"relocatable-ptx", "reloc-ptx", V::None, E::Drop},
    {"device-stack-protector", "device-stack-protector", V::One, E::Drop},
    {"compress-mode", "compress-mode", V::One, E::Drop},
    {"frandom-seed", "frandom-seed", V::One, E::Drop},
    {"sanitize", "sanitize", V::One, E::Drop},
    {"jobserver", "jobserver", V::None, E::Drop},
    {"help", "h", V::None, E::Drop},
    {"version", "V", V::None, E::Drop},
    {"options-file", "optf", V::List, E::OptionsFile},
};

const NvccOption *findLong(StringRef Name) {
  for (const NvccOption &O : Table)
    if (Name == O.Long)
      return &O;
  return nullptr;
}

const NvccOption *findShort(StringRef Name) {
  for (const NvccOption &O : Table)
    if (O.Short && Name == O.Short)
      return &O;
  return nullptr;
}

/// Short options whose value nvcc also accepts glued on (-I/path, -DX=1).
bool gluesValue(StringRef Short) {
  return llvm::is_contained({"D", "U", "I", "L", "l", "O"}, Short);
}

/// nvcc short options clang spells the same, with the same meaning: in a
/// clang command line they stay as written (no comma splitting).
bool sameInClang(StringRef Short) {
  return llvm::is_contained({"D", "U", "I", "isystem", "include", "O", "g", "w"},
                            Short);
}

/// The host compiler flags (inside -Xcompiler) that change the source's
/// meaning; the others (warnings, code generation) are dropped.
bool keptHostFlag(StringRef A, bool &TakesNext) {
  TakesNext = false;
  for (StringRef P : {"-D", "-U", "-I"})
    if (A.starts_with(P)) {
      TakesNext = A == P;
      return true;
    }
  for (StringRef P : {"-isystem", "-include", "-iquote", "-idirafter"})
    if (A == P) {
      TakesNext = true;
      return true;
    }
  return A.starts_with("-std=") || A == "-fno-exceptions";
}

struct Translator {
  FlagDialect Dialect = FlagDialect::Nvcc;
  StringRef Directory;
  TranslatedFlags Out;
  bool ForwardUnknown = false;
  std::string SmArch, ComputeArch;
  unsigned Depth = 0;

  void note(std::string N) {
    if (!llvm::is_contained(Out.Notes, N))
      Out.Notes.push_back(std::move(N));
  }

  /// Host compiler flags, one by one (-Xcompiler's values).
  void host(ArrayRef<std::string> Flags) {
    for (size_t I = 0; I < Flags.size(); ++I) {
      bool Next;
      if (!keptHostFlag(Flags[I], Next))
        continue;
      Out.Args.push_back(Flags[I]);
      if (Next && I + 1 < Flags.size())
        Out.Args.push_back(Flags[++I]);
    }
  }

  void arch(StringRef V) {
    for (auto [Prefix, To] : {std::pair<StringRef, std::string *>{"sm_", &SmArch},
                              {"compute_", &ComputeArch}}) {
      size_t Pos = V.find(Prefix);
      if (Pos == StringRef::npos || !To->empty())
        continue;
      StringRef Id = V.substr(Pos + Prefix.size())
                         .take_while([](char C) { return isalnum(C); });
      if (!Id.empty() && isdigit(Id.front()))
        *To = ("sm_" + Id).str();
    }
  }

  void optionsFile(StringRef F) {
    SmallString<256> Path(F);
    if (!sys::path::is_absolute(Path) && !Directory.empty())
      sys::path::make_absolute(Directory, Path);
    if (Depth >= 8) {
      note("options files nested more than 8 deep; '" + std::string(Path) +
           "' is not read");
      return;
    }
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      note("cannot read the options file '" + std::string(Path) +
           "' named by --options-file: " + Buf.getError().message() +
           "; its options are missing");
      return;
    }
    BumpPtrAllocator A;
    StringSaver Saver(A);
    SmallVector<const char *, 32> Tokens;
    cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Tokens);
    std::vector<std::string> Args(Tokens.begin(), Tokens.end());
    ++Depth;
    run(Args);
    --Depth;
  }

  void apply(const NvccOption &O, StringRef Spelled,
             const std::optional<std::string> &Value) {
    SmallVector<StringRef, 4> Values;
    if (Value) {
      if (O.Value == V::List)
        StringRef(*Value).split(Values, ',', -1, /*KeepEmpty=*/false);
      else
        Values.push_back(*Value);
    }
    switch (O.Effect) {
    case E::Drop:
    case E::ForwardUnknown:
      return;
    case E::Clang:
      for (StringRef Val : Values) {
        StringRef Flag(O.Clang);
        if (Flag.ends_with(" ")) {
          Out.Args.push_back(Flag.drop_back().str());
          Out.Args.push_back(Val.str());
        } else {
          Out.Args.push_back((Flag + Val).str());
        }
      }
      return;
    case E::Flags: {
      if (O.When && (!Value || *Value != O.When))
        return;
      SmallVector<StringRef, 2> Fs;
      StringRef(O.Clang).split(Fs, ' ', -1, false);
      for (StringRef F : Fs)
        if (!llvm::is_contained(Out.Args, F.str()))
          Out.Args.push_back(F.str());
      return;
    }
    case E::Arch:
      for (StringRef Val : Values)
        arch(Val);
      return;
    case E::Language:
      if (Value) {
        Out.Args.push_back("-x");
        Out.Args.push_back(*Value == "cu" ? "cuda" : *Value);
      }
      return;
    case E::HostOptions: {
      std::vector<std::string> Flags;
      for (StringRef Val : Values) {
        SmallVector<StringRef, 4> Words;
        Val.split(Words, ' ', -1, false);
        for (StringRef W : Words)
          Flags.push_back(W.str());
      }
      host(Flags);
      return;
    }
    case E::OptionsFile:
      for (StringRef Val : Values)
        optionsFile(Val);
      return;
    case E::NotModelled:
      note("nvcc option '" + Spelled.str() +
           "' (every kernel pointer parameter __restrict__) is not modelled: "
           "the analysis sees __restrict__ only where the source writes it");
      return;
    }
  }

  void run(ArrayRef<std::string> Args) {
    for (size_t I = 0; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.size() < 2 || A[0] != '-') { // an input (or "-")
        Out.Args.push_back(A.str());
        continue;
      }
      bool Long = A.starts_with("--");
      StringRef Body = A.drop_front(Long ? 2 : 1);
      auto [Name, Eq] = Body.split('=');
      const NvccOption *O = Long ? findLong(Name) : findShort(Name);
      std::optional<std::string> Value;
      if (O && Body.contains('='))
        Value = Eq.str();
      if (!O && !Long && Body.size() > 1) {
        if (gluesValue(Body.take_front(1)))
          O = findShort(Body.take_front(1));
        else if (Body.starts_with("isystem"))
          O = findShort("isystem");
        if (O)
          Value = Body.drop_front(StringRef(O->Short).size()).str();
      }
      if (!O) {
        if (Dialect == FlagDialect::Mixed)
          Out.Args.push_back(A.str());
        else if (ForwardUnknown)
          host({A.str()});
        else
          note("'" + A.str() +
               "' is not an nvcc option (CUDA 13.0); ignored");
        continue;
      }
      bool Verbatim = Dialect == FlagDialect::Mixed && !Long && O->Short &&
                      sameInClang(O->Short);
      if (O->Value != V::None && !Value && I + 1 < Args.size()) {
        Value = Args[++I];
        if (Verbatim) {
          Out.Args.push_back(A.str());
          Out.Args.push_back(*Value);
          continue;
        }
      }
      if (Verbatim) {
        Out.Args.push_back(A.str());
        continue;
      }
      apply(*O, A, Value);
    }
  }
};
} // namespace

ArrayRef<NvccOption> ccl::nvccOptions() { return Table; }

void ccl::printNvccOptions(raw_ostream &OS) {
  static const char *Effects[] = {"drop",         "clang",        "flags",
                                  "arch",         "language",     "host",
                                  "options-file", "forward-unknown",
                                  "not-modelled"};
  static const char *Values[] = {"none", "one", "list"};
  for (const NvccOption &O : Table) {
    OS << "--" << O.Long << "\t" << (O.Short ? "-" + std::string(O.Short) : "")
       << "\t" << Values[unsigned(O.Value)] << "\t"
       << Effects[unsigned(O.Effect)];
    if (O.Clang)
      OS << "\t" << O.Clang
         << (O.When ? std::string(" (when ") + O.When + ")" : "");
    OS << "\n";
  }
}

TranslatedFlags ccl::translateNvccFlags(ArrayRef<std::string> Args,
                                        FlagDialect Dialect,
                                        StringRef Directory) {
  Translator T;
  T.Dialect = Dialect;
  T.Directory = Directory;
  for (const std::string &A : Args) {
    StringRef S(A);
    if (S == "--forward-unknown-to-host-compiler" ||
        S == "-forward-unknown-to-host-compiler" ||
        S == "--forward-unknown-opts" || S == "-forward-unknown-opts")
      T.ForwardUnknown = true;
  }
  T.run(Args);
  T.Out.Arch = !T.SmArch.empty() ? T.SmArch : T.ComputeArch;
  return std::move(T.Out);
}
