//===- RecordCodec.cpp - Access records as bytes, for a forked worker -----===//
#include "analyzer/RecordCodec.h"
#include "analyzer/ByteCodec.h"

using namespace ccl;

namespace {

// A new field of AccessCost or AccessRecord must be written below: these
// mirrors fail to compile when the structs change size.
struct CostFields {
  bool Known;
  std::string Reason;
  unsigned ActiveLanes;
  bool Shared;
  GlobalCost G;
  SharedCost S;
  GlobalCost BestG;
  SharedCost BestS;
  bool Exact;
  bool Legal;
  LaneArray WorstOffsets;
  LaneBits Lanes;
  std::string Pattern;
  std::string HoldsFor;
  llvm::SmallVector<SymbolId, 4> Symbols;
};
static_assert(sizeof(AccessCost) == sizeof(CostFields),
              "AccessCost changed: extend RecordCodec");
struct RecordFields {
  const void *Site;
  AccessOp Op;
  unsigned Bytes;
  MemObject::SpaceKind Space;
  std::string Object;
  const void *ObjectDecl;
  bool ObjectDynamic;
  std::string AlignReason;
  bool Known;
  std::string Reason;
  AccessCost Worst;
  AccessCost Best;
  bool Exact;
  Dependence DependsOn;
  std::string WorstContext;
  std::string HoldsFor;
  unsigned Instances;
  AccessRecord::Footprint Together;
  std::shared_ptr<const AccessRecord> AtLaunch;
  std::string AtLaunchWhy;
  AccessRecord::CompiledState Compiled;
  std::string CompiledBy;
  std::vector<std::string> Instructions;
  unsigned SourceBytes;
};
static_assert(sizeof(AccessRecord) == sizeof(RecordFields),
              "AccessRecord changed: extend RecordCodec");
struct FootprintFields {
  bool Covered;
  unsigned Span;
  GlobalCost G;
  std::set<std::pair<unsigned, unsigned>> Partners;
  bool OwnPieces;
  bool OwnIterations;
};
static_assert(sizeof(AccessRecord::Footprint) == sizeof(FootprintFields),
              "AccessRecord::Footprint changed: extend RecordCodec");

class Writer : public ByteWriter {
public:
  using ByteWriter::ByteWriter;
  void i64(int64_t V) { u64(uint64_t(V)); }
  void ptr(const void *P) { u64(reinterpret_cast<uintptr_t>(P)); }
  void global(const GlobalCost &C) {
    u64(C.Sectors);
    u64(C.IdealSectors);
  }
  void shared(const SharedCost &C) {
    u64(C.Wavefronts);
    u64(C.IdealWavefronts);
    u64(C.ConflictWays);
  }
  void cost(const AccessCost &C) {
    u64(C.Known);
    str(C.Reason);
    u64(C.ActiveLanes);
    u64(C.Shared);
    global(C.G);
    shared(C.S);
    global(C.BestG);
    shared(C.BestS);
    u64(C.Exact);
    u64(C.Legal);
    for (int64_t O : C.WorstOffsets)
      i64(O);
    u64(C.Lanes);
    str(C.Pattern);
    str(C.HoldsFor);
    u64(C.Symbols.size());
    for (SymbolId S : C.Symbols)
      u64(S);
  }
  void record(const AccessRecord &R) {
    assert(!R.AtLaunch && "AtLaunch is set after the analysis");
    ptr(R.Site);
    u64(unsigned(R.Op));
    u64(R.Bytes);
    u64(unsigned(R.Space));
    str(R.Object);
    ptr(R.ObjectDecl);
    u64(R.ObjectDynamic);
    str(R.AlignReason);
    u64(R.Known);
    str(R.Reason);
    cost(R.Worst);
    cost(R.Best);
    u64(R.Exact);
    u64(R.DependsOn.Unknowns.size());
    for (const std::string &D : R.DependsOn.Unknowns)
      str(D);
    u64(R.DependsOn.Conditions.size());
    for (const std::string &D : R.DependsOn.Conditions)
      str(D);
    str(R.WorstContext);
    str(R.HoldsFor);
    u64(R.Instances);
    const AccessRecord::Footprint &F = R.Together;
    u64(F.Covered);
    u64(F.Span);
    global(F.G);
    u64(F.Partners.size());
    for (const auto &P : F.Partners) {
      u64(P.first);
      u64(P.second);
    }
    u64(F.OwnPieces);
    u64(F.OwnIterations);
    str(R.AtLaunchWhy);
    u64(unsigned(R.Compiled));
    str(R.CompiledBy);
    u64(R.Instructions.size());
    for (const std::string &I : R.Instructions)
      str(I);
    u64(R.SourceBytes);
  }
};

class Reader : public ByteReader {
public:
  using ByteReader::ByteReader;
  unsigned u32() { return unsigned(u64()); }
  bool flag() { return u64() != 0; }
  int64_t i64() { return int64_t(u64()); }
  template <typename T> T *ptr() {
    return reinterpret_cast<T *>(uintptr_t(u64()));
  }
  void global(GlobalCost &C) {
    C.Sectors = u32();
    C.IdealSectors = u32();
  }
  void shared(SharedCost &C) {
    C.Wavefronts = u32();
    C.IdealWavefronts = u32();
    C.ConflictWays = u32();
  }
  void cost(AccessCost &C) {
    C.Known = flag();
    C.Reason = str();
    C.ActiveLanes = u32();
    C.Shared = flag();
    global(C.G);
    shared(C.S);
    global(C.BestG);
    shared(C.BestS);
    C.Exact = flag();
    C.Legal = flag();
    for (int64_t &O : C.WorstOffsets)
      O = i64();
    C.Lanes = LaneBits(u64());
    C.Pattern = str();
    C.HoldsFor = str();
    uint64_t N = count();
    for (uint64_t I = 0; I < N && ok(); ++I)
      C.Symbols.push_back(SymbolId(u64()));
  }
  void record(AccessRecord &R) {
    R.Site = ptr<const clang::Expr>();
    R.Op = AccessOp(u32());
    R.Bytes = u32();
    R.Space = MemObject::SpaceKind(u32());
    R.Object = str();
    R.ObjectDecl = ptr<const clang::VarDecl>();
    R.ObjectDynamic = flag();
    R.AlignReason = str();
    R.Known = flag();
    R.Reason = str();
    cost(R.Worst);
    cost(R.Best);
    R.Exact = flag();
    uint64_t N = count();
    for (uint64_t I = 0; I < N && ok(); ++I)
      R.DependsOn.Unknowns.insert(str());
    N = count();
    for (uint64_t I = 0; I < N && ok(); ++I)
      R.DependsOn.Conditions.insert(str());
    R.WorstContext = str();
    R.HoldsFor = str();
    R.Instances = u32();
    AccessRecord::Footprint &F = R.Together;
    F.Covered = flag();
    F.Span = u32();
    global(F.G);
    N = count();
    for (uint64_t I = 0; I < N && ok(); ++I) {
      unsigned A = u32();
      F.Partners.insert({A, u32()});
    }
    F.OwnPieces = flag();
    F.OwnIterations = flag();
    R.AtLaunchWhy = str();
    R.Compiled = AccessRecord::CompiledState(u32());
    R.CompiledBy = str();
    N = count();
    for (uint64_t I = 0; I < N && ok(); ++I)
      R.Instructions.push_back(str());
    R.SourceBytes = u32();
  }
};

} // namespace

std::string ccl::encodeRecords(const std::vector<AccessRecord> &Records) {
  std::string Out;
  Writer W(Out);
  W.u64(Records.size());
  for (const AccessRecord &R : Records)
    W.record(R);
  return Out;
}

std::optional<std::vector<AccessRecord>>
ccl::decodeRecords(llvm::StringRef Bytes) {
  Reader Rd(Bytes);
  uint64_t N = Rd.u64();
  if (!Rd.ok() || N > Bytes.size())
    return std::nullopt;
  std::vector<AccessRecord> Out(N);
  for (AccessRecord &R : Out) {
    Rd.record(R);
    if (!Rd.ok())
      return std::nullopt;
  }
  if (!Rd.atEnd())
    return std::nullopt;
  return Out;
}
