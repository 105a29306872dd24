//===- Ptx.cpp - The memory instructions of a PTX listing -----------------===//
#include "codegen/Ptx.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <utility>

using namespace llvm;
using namespace ccl::ptx;

const Function *Module::find(StringRef Name) const {
  for (const Function &F : Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

unsigned ccl::ptx::typeBytes(StringRef T) {
  if (T.size() < 2)
    return 0;
  char K = T[0];
  if (!StringRef("bsuf").contains(K))
    return 0;
  StringRef Bits = T.drop_front();
  if (T == "f16x2" || T == "bf16x2")
    return 4;
  if (T.starts_with("bf")) {
    if (T == "bf16")
      return 2;
    return 0;
  }
  unsigned N = 0;
  if (Bits.getAsInteger(10, N) || N % 8 != 0 || N == 0 || N > 128)
    return 0;
  return N / 8;
}

namespace {
/// A `.file` string with its escapes undone: the backend writes bytes
/// outside printable ASCII as octal (`\303\251` for "é").
std::string unescape(StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != '\\' || I + 1 == S.size()) {
      Out += S[I];
      continue;
    }
    char C = S[++I];
    if (C >= '0' && C <= '7') {
      unsigned V = 0, N = 0;
      while (N < 3 && I < S.size() && S[I] >= '0' && S[I] <= '7') {
        V = V * 8 + unsigned(S[I] - '0');
        ++I, ++N;
      }
      --I;
      Out += char(V);
    } else if (C == 'n') {
      Out += '\n';
    } else if (C == 't') {
      Out += '\t';
    } else {
      Out += C; // \\, \"
    }
  }
  return Out;
}

/// "t.cu:2:57" -> location; false when it is not one.
bool parseCommentLoc(StringRef S, SrcLoc &L) {
  S = S.trim();
  size_t C2 = S.rfind(':');
  if (C2 == StringRef::npos)
    return false;
  size_t C1 = S.substr(0, C2).rfind(':');
  if (C1 == StringRef::npos)
    return false;
  if (S.substr(C1 + 1, C2 - C1 - 1).getAsInteger(10, L.Line) ||
      S.substr(C2 + 1).getAsInteger(10, L.Col))
    return false;
  L.File = S.substr(0, C1).str();
  return true;
}

/// The `.file` entry whose path ends with \p Name's components.
std::string resolveName(StringRef Name,
                        const std::map<unsigned, std::string> &Files) {
  for (const auto &F : Files) {
    StringRef P = F.second;
    if (P == Name)
      return P.str();
    if (P.ends_with(Name) && P.size() > Name.size() &&
        P[P.size() - Name.size() - 1] == '/')
      return P.str();
  }
  return Name.str();
}

struct PendingLoc {
  unsigned File = 0, Line = 0, Col = 0;
  /// nvcc: inlined_at file/line/col triples, innermost first.
  SmallVector<std::array<unsigned, 3>, 2> InlinedAt;
  /// clang: the chain from the comment, innermost first (names).
  SmallVector<SrcLoc, 2> CommentChain;
};

/// Reads one memory instruction's opcode; false when it is not one the
/// model costs.
bool classify(StringRef Opcode, MemInstr &I) {
  SmallVector<StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  if (Parts.empty())
    return false;
  StringRef Head = Parts[0];
  if (Head == "ld" || Head == "ldu")
    I.Op = MemOp::Load;
  else if (Head == "st")
    I.Op = MemOp::Store;
  else if (Head == "atom" || Head == "red")
    I.Op = MemOp::Atomic;
  else
    return false;
  I.Sp = Space::Generic;
  unsigned Elems = 1, Bytes = 0;
  for (size_t K = 1; K < Parts.size(); ++K) {
    StringRef P = Parts[K];
    if (P == "global")
      I.Sp = Space::Global;
    else if (P == "shared")
      I.Sp = Space::Shared;
    else if (P == "param" || P == "local" || P == "const" || P == "tex" ||
             P == "surf")
      return false;
    else if (P == "v2" || P == "v4" || P == "v8")
      Elems = P[1] - '0';
    else if (unsigned B = typeBytes(P))
      Bytes = B; // the last type suffix is the data type
  }
  // `shared::cta`, `shared::cluster`: split at '.' leaves "shared::cta".
  if (Opcode.contains(".shared::"))
    I.Sp = Space::Shared;
  if (!Bytes)
    return false;
  I.Elems = Elems;
  I.Bytes = Bytes * Elems;
  I.Opcode = Opcode.str();
  return true;
}

/// "[%rd6+12]" -> base and displacement.
bool parseAddress(StringRef Line, MemInstr &I) {
  size_t L = Line.find('['), R = Line.find(']', L);
  if (L == StringRef::npos || R == StringRef::npos)
    return false;
  StringRef A = Line.slice(L + 1, R).trim();
  size_t Plus = A.find('+');
  I.Disp = 0;
  if (Plus == StringRef::npos) {
    I.Base = A.str();
    return !A.empty();
  }
  I.Base = A.substr(0, Plus).trim().str();
  StringRef D = A.substr(Plus + 1).trim();
  long long V = 0;
  if (D.getAsInteger(0, V))
    return false;
  I.Disp = V;
  return true;
}
} // namespace

namespace {
/// `.file N "name"`: file N's name into \p Files.
void parseFileDirective(StringRef T, std::map<unsigned, std::string> &Files) {
  StringRef Rest = T.drop_front(5).trim();
  unsigned N = 0;
  StringRef Num = Rest.take_while([](char C) { return isDigit(C); });
  if (Num.getAsInteger(10, N))
    return;
  size_t Q1 = Rest.find('"'), Q2 = Rest.rfind('"');
  if (Q1 != StringRef::npos && Q2 > Q1)
    Files[N] = unescape(Rest.slice(Q1 + 1, Q2));
}

/// \p T after its linkage (`.visible`, `.weak`).
StringRef afterLinkage(StringRef T) {
  for (StringRef Linkage : {".visible", ".weak"})
    if (T.consume_front(Linkage))
      T = T.ltrim();
  return T;
}

bool isFunctionHeader(StringRef T) {
  if (T.starts_with(".extern"))
    return true;
  // `.visible .entry`, `.weak .entry`, `.weak .func`.
  T = afterLinkage(T);
  return T.starts_with(".entry") || T.starts_with(".func");
}

/// A variable with an initializer (`.global .align 8 .u64 t[2] = {..};`,
/// a table of function addresses).
bool isInitializedVariable(StringRef T) {
  T = afterLinkage(T);
  return (T.starts_with(".global") || T.starts_with(".const")) &&
         T.contains('=');
}

/// The names (not registers, not numbers) among \p Operands: values a
/// `mov` or an initializer takes the address of.
void noteNames(StringRef Operands, std::set<std::string> &Names) {
  SmallVector<StringRef, 8> Ops;
  Operands.split(Ops, ',');
  for (StringRef O : Ops) {
    O = O.trim(" \t{};");
    if (!O.empty() && (isAlpha(O[0]) || O[0] == '_' || O[0] == '$') &&
        !O.contains(' '))
      Names.insert(O.str());
  }
}

/// The function a header line \p T defines (null for a declaration).
std::optional<Function> definedFunction(StringRef T) {
  if (T.starts_with(".extern"))
    return std::nullopt;
  bool Entry = T.contains(".entry");
  StringRef After =
      T.substr(T.find(Entry ? ".entry" : ".func") + (Entry ? 6 : 5)).trim();
  // .func (.param .b32 func_retval0) name(
  if (After.starts_with("(")) {
    size_t Close = After.find(')');
    After =
        Close == StringRef::npos ? StringRef() : After.substr(Close + 1).trim();
  }
  StringRef Name =
      After.take_until([](char C) { return C == '(' || C == ' ' || C == ';'; });
  if (T.ends_with(";")) // a declaration
    return std::nullopt;
  return Function{Name.str(), Entry, {}};
}

/// A `.loc` line: file, line, column, nvcc's inlined_at triples and
/// clang's chain in the comment; null when it is malformed.
std::optional<PendingLoc> parseLoc(StringRef T) {
  PendingLoc P;
  StringRef Body = T.drop_front(4);
  StringRef Comment;
  size_t Sl = Body.find("//");
  if (Sl != StringRef::npos) {
    Comment = Body.substr(Sl + 2);
    Body = Body.substr(0, Sl);
  }
  SmallVector<StringRef, 4> Fields;
  Body.split(Fields, ',');
  SmallVector<StringRef, 4> Nums;
  Fields[0].split(Nums, ' ', -1, false);
  SmallVector<StringRef, 3> N3;
  for (StringRef X : Nums)
    if (!X.trim().empty())
      N3.push_back(X.trim());
  if (N3.size() < 2 || N3[0].getAsInteger(10, P.File) ||
      N3[1].getAsInteger(10, P.Line))
    return std::nullopt;
  if (N3.size() > 2)
    N3[2].getAsInteger(10, P.Col);
  for (size_t K = 1; K < Fields.size(); ++K) {
    StringRef Fd = Fields[K].trim();
    if (!Fd.consume_front("inlined_at"))
      continue;
    SmallVector<StringRef, 3> In;
    Fd.trim().split(In, ' ', -1, false);
    std::array<unsigned, 3> A{0, 0, 0};
    for (size_t J = 0; J < In.size() && J < 3; ++J)
      In[J].trim().getAsInteger(10, A[J]);
    P.InlinedAt.push_back(A);
  }
  // clang: "// t.cu:2:57 @[ t.cu:19:10 @[ t.cu:30:3 ] ]"
  if (size_t At = Comment.find("@["); At != StringRef::npos) {
    StringRef Chain = Comment.substr(At);
    while (Chain.consume_front("@[")) {
      Chain = Chain.trim();
      size_t End = Chain.find_first_of("@]");
      SrcLoc L;
      if (parseCommentLoc(Chain.substr(0, End), L))
        P.CommentChain.push_back(L);
      if (End == StringRef::npos)
        break;
      Chain = Chain.substr(End);
    }
  }
  return P;
}

/// The callee a call instruction \p T (opcode \p Opcode) names; empty for
/// an indirect call.
/// The name \p T starts with (up to `,`, `;`, `(` or a space).
std::string nameAt(StringRef T) {
  return T
      .take_until(
          [](char C) { return C == ',' || C == ';' || C == ' ' || C == '('; })
      .str();
}

std::string calleeOf(StringRef T, StringRef Opcode) {
  // "call.uni (retval0), _Z3fooi, (param0);" or "call.uni _Z3foo, (..);"
  StringRef Rest = T.drop_front(Opcode.size()).trim();
  if (Rest.starts_with("(") && Rest.contains(')'))
    Rest = Rest.substr(Rest.find(')') + 1).ltrim(", \t");
  return nameAt(Rest);
}

/// \p Callee is called by \p F: a function, or a register (a call through
/// a function pointer).
void noteCallee(Function &F, const std::string &Callee) {
  if (Callee.empty() || Callee[0] == '%')
    F.CallsIndirectly = true;
  else
    F.Calls.push_back(Callee);
}

/// Registers that hold addresses in the thread's stack frame (%SP, %SPL
/// and what is computed from them: \p Stack): a generic access through one
/// is local memory, not a request to global or shared memory. True when
/// \p Opcode is one that can compute them (the line is then done).
bool noteStackRegister(StringRef T, StringRef Opcode,
                       std::set<std::string> &Stack) {
  if (!Opcode.starts_with("mov.") && !Opcode.starts_with("add.") &&
      !Opcode.starts_with("cvta.local") && !Opcode.starts_with("sub."))
    return false;
  SmallVector<StringRef, 4> Ops;
  T.drop_front(Opcode.size()).split(Ops, ',');
  if (Ops.size() >= 2) {
    StringRef Dst = Ops[0].trim();
    for (size_t K = 1; K < Ops.size(); ++K) {
      StringRef Src = Ops[K].trim().rtrim(';').trim();
      if (Src == "%SP" || Src == "%SPL" || Stack.count(Src.str()))
        Stack.insert(Dst.str());
    }
  }
  return true;
}
} // namespace

namespace {
/// An instruction that writes a register: a copy of one of its sources
/// (`mov`, `cvta`, `selp`) or a value computed there, at Loc (file number,
/// line, column; file 0: no location).
struct RegDef {
  std::array<unsigned, 3> Loc{0, 0, 0};
  SmallVector<std::string, 2> CopyOf; ///< empty: computed here
};
using RegDefs = std::map<std::string, std::vector<RegDef>>;

/// Notes the register instruction \p T (\p Opcode) writes: its first
/// operand, when that is a register.
void noteDef(StringRef T, StringRef Opcode, const PendingLoc *Loc,
             RegDefs &Defs) {
  SmallVector<StringRef, 4> Ops;
  T.drop_front(Opcode.size()).rtrim(';').split(Ops, ',');
  if (Ops.empty() || !Ops[0].trim().starts_with("%"))
    return;
  RegDef D;
  if (Loc)
    D.Loc = {Loc->File, Loc->Line, Loc->Col};
  size_t First = 0, Last = 0; // the sources a copy takes its value from
  if (Opcode.starts_with("mov.") || Opcode.starts_with("cvta."))
    First = Last = 1;
  else if (Opcode.starts_with("selp."))
    First = 1, Last = 2;
  for (size_t K = First; K && K <= Last && K < Ops.size(); ++K) {
    StringRef Src = Ops[K].trim();
    if (Src.starts_with("%") && !Src.starts_with("%SP"))
      D.CopyOf.push_back(Src.str());
  }
  Defs[Ops[0].trim().str()].push_back(std::move(D));
}

/// Where the values register \p Reg may hold were computed, through
/// copies (file numbers not resolved).
std::vector<std::array<unsigned, 3>> definedAt(const RegDefs &Defs,
                                               const std::string &Reg) {
  std::vector<std::array<unsigned, 3>> Out;
  std::set<std::string> Seen;
  std::vector<std::string> Work{Reg};
  while (!Work.empty() && Seen.size() < 64) {
    std::string R = std::move(Work.back());
    Work.pop_back();
    if (!Seen.insert(R).second)
      continue;
    auto It = Defs.find(R);
    if (It == Defs.end())
      continue;
    for (const RegDef &D : It->second) {
      if (!D.CopyOf.empty())
        Work.insert(Work.end(), D.CopyOf.begin(), D.CopyOf.end());
      else if (D.Loc[0] &&
               std::find(Out.begin(), Out.end(), D.Loc) == Out.end())
        Out.push_back(D.Loc);
    }
  }
  return Out;
}

/// The location of memory instruction Idx of function Fn, its file numbers
/// not resolved yet.
struct RawLoc {
  size_t Fn, Idx;
  PendingLoc Loc;
};

/// The global or shared memory access instruction \p T (\p Opcode) is:
/// not one through the stack frame (\p Stack: its registers, which this
/// notes).
std::optional<MemInstr> memoryInstr(StringRef T, StringRef Opcode,
                                    std::set<std::string> &Stack) {
  if (noteStackRegister(T, Opcode, Stack))
    return std::nullopt;
  MemInstr I;
  if (!classify(Opcode, I) || !parseAddress(T, I))
    return std::nullopt;
  if (I.Sp == Space::Generic &&
      (Stack.count(I.Base) || I.Base == "%SP" || I.Base == "%SPL"))
    return std::nullopt;
  return I;
}

/// Where each memory instruction's address is computed (\p Defs: each
/// function's registers), with the file names of \p Files.
void resolveAddressDefs(Module &M, const std::vector<RegDefs> &Defs,
                        const std::map<unsigned, std::string> &Files) {
  for (size_t Fn = 0; Fn < M.Functions.size(); ++Fn)
    for (MemInstr &I : M.Functions[Fn].Mem)
      for (const auto &L : definedAt(Defs[Fn], I.Base)) {
        auto It = Files.find(L[0]);
        I.AddrDefs.push_back(
            {It == Files.end() ? std::string() : It->second, L[1], L[2]});
      }
}

/// Each instruction's locations \p Raws, with the file names of \p Files.
void resolveLocations(Module &M, const std::vector<RawLoc> &Raws,
                      const std::map<unsigned, std::string> &Files) {
  auto FileOf = [&Files](unsigned N) {
    auto It = Files.find(N);
    return It == Files.end() ? std::string() : It->second;
  };
  for (const RawLoc &R : Raws) {
    MemInstr &I = M.Functions[R.Fn].Mem[R.Idx];
    I.Locs.push_back({FileOf(R.Loc.File), R.Loc.Line, R.Loc.Col});
    for (const auto &A : R.Loc.InlinedAt)
      I.Locs.push_back({FileOf(A[0]), A[1], A[2]});
    for (const SrcLoc &L : R.Loc.CommentChain)
      I.Locs.push_back({resolveName(L.File, Files), L.Line, L.Col});
  }
}
} // namespace

Module ccl::ptx::parse(StringRef Text) {
  Module M;
  std::map<unsigned, std::string> Files;
  // .file comes after the functions in clang's listings: keep raw locations
  // and resolve file numbers at the end.
  std::vector<RawLoc> Raws;
  PendingLoc Cur;
  bool HaveLoc = false;
  std::set<std::string> Stack;
  std::vector<RegDefs> Defs; // per function
  bool AwaitCallee = false;
  Function *F = nullptr;
  unsigned LineNo = 0;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNo;
    StringRef T = Line.trim();
    if (T.empty())
      continue;
    if (T.starts_with(".file")) {
      parseFileDirective(T, Files);
      continue;
    }
    if (isInitializedVariable(T)) {
      noteNames(T.substr(T.find('=') + 1), M.AddressTaken);
      continue;
    }
    if (isFunctionHeader(T)) {
      if (std::optional<Function> Def = definedFunction(T)) {
        M.Functions.push_back(std::move(*Def));
        Defs.emplace_back();
        F = &M.Functions.back();
        HaveLoc = false;
        Stack.clear();
      }
      continue;
    }
    if (T.starts_with(".loc")) {
      if (std::optional<PendingLoc> P = parseLoc(T)) {
        Cur = std::move(*P);
        HaveLoc = true;
      }
      continue;
    }
    if (!F || T.starts_with(".") || T.starts_with("//") || T.starts_with("$") ||
        T.starts_with("{") || T.starts_with("}"))
      continue;
    if (std::exchange(AwaitCallee, false)) {
      noteCallee(*F, nameAt(T));
      continue;
    }
    // A predicated instruction: "@%p1 ld.global.f32 ..."
    if (T.starts_with("@"))
      T = T.drop_until([](char C) { return C == ' ' || C == '\t'; }).trim();
    StringRef Opcode =
        T.take_until([](char C) { return C == ' ' || C == '\t'; });
    if (Opcode == "call" || Opcode.starts_with("call.")) {
      std::string Callee = calleeOf(T, Opcode);
      AwaitCallee = Callee.empty(); // nvcc: the callee on the next line
      if (!AwaitCallee)
        noteCallee(*F, Callee);
      continue;
    }
    noteDef(T, Opcode, HaveLoc ? &Cur : nullptr, Defs.back());
    if (Opcode.starts_with("mov."))
      noteNames(T.drop_front(Opcode.size()).split(',').second, M.AddressTaken);
    std::optional<MemInstr> I = memoryInstr(T, Opcode, Stack);
    if (!I)
      continue;
    I->PtxLine = LineNo;
    F->Mem.push_back(std::move(*I));
    if (HaveLoc)
      Raws.push_back({size_t(F - M.Functions.data()), F->Mem.size() - 1, Cur});
  }
  resolveLocations(M, Raws, Files);
  resolveAddressDefs(M, Defs, Files);
  return M;
}

std::vector<const Function *>
ccl::ptx::Module::reachedFrom(StringRef Entry) const {
  std::vector<const Function *> Out;
  std::set<std::string> Seen;
  std::vector<std::string> Work{Entry.str()};
  while (!Work.empty()) {
    std::string N = std::move(Work.back());
    Work.pop_back();
    if (!Seen.insert(N).second)
      continue;
    // Every function of that name: a declaration written before the
    // functions (`.weak .func NAME(` ... `);`) reads as one without a body.
    for (const Function &F : Functions) {
      if (F.Name != N)
        continue;
      Out.push_back(&F);
      Work.insert(Work.end(), F.Calls.begin(), F.Calls.end());
      if (F.CallsIndirectly)
        Work.insert(Work.end(), AddressTaken.begin(), AddressTaken.end());
    }
  }
  return Out;
}
