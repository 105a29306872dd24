//===- PtxTest.cpp - The PTX reader and the shapes of compiled accesses ---===//
#include "codegen/Ptx.h"
#include "analyzer/CompiledCode.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace ccl;

namespace {

// As clang's NVPTX backend writes it: the inlined-at chain only in the
// directive's comment, the .file table after the functions.
const char *ClangListing = R"(
.visible .entry _Z1kPK6float4Pf(
	.param .u64 .ptr .align 1 _Z1kPK6float4Pf_param_0
)
{
	mov.b64 	%SPL, __local_depot0;
	add.u64 	%rd9, %SPL, 0;
	ld.param.b64 	%rd1, [_Z1kPK6float4Pf_param_0];
	.loc	1 5 14                          // t.cu:5:14
	ld.global.nc.b32 	%r5, [%rd6+12];
	.loc	1 2 57                          // t.cu:2:57 @[ t.cu:19:10 ]
	ld.global.nc.v2.b32 	{%r6, %r7}, [%rd6];
	.loc	1 6 8                           // t.cu:6:8
	@%p1 st.global.b32 	[%rd8], %r5;
	st.b64 	[%rd9], %rd1;
	st.local.b32 	[%rd5], %r2;
	ld.shared.v4.b32 	{%r1, %r2, %r3, %r4}, [_ZZ1kE4tile+16];
	atom.global.add.u32 	%r9, [%rd4], 1;
	ret;
}
	.file	1 "/src/t.cu"
)";

TEST(Ptx, ReadsClangListing) {
  ptx::Module M = ptx::parse(ClangListing);
  ASSERT_EQ(M.Functions.size(), 1u);
  const ptx::Function &F = M.Functions[0];
  EXPECT_EQ(F.Name, "_Z1kPK6float4Pf");
  EXPECT_TRUE(F.Entry);
  // Parameter and local accesses, and the one through the stack frame
  // (%SPL), are not requests.
  ASSERT_EQ(F.Mem.size(), 5u);
  const ptx::MemInstr &N = F.Mem[0];
  EXPECT_EQ(N.Op, ptx::MemOp::Load);
  EXPECT_EQ(N.Sp, ptx::Space::Global);
  EXPECT_EQ(N.Bytes, 4u);
  EXPECT_EQ(N.Base, "%rd6");
  EXPECT_EQ(N.Disp, 12);
  ASSERT_EQ(N.Locs.size(), 1u);
  EXPECT_EQ(N.Locs[0].File, "/src/t.cu");
  EXPECT_EQ(N.Locs[0].Line, 5u);
  EXPECT_EQ(N.Locs[0].Col, 14u);
  const ptx::MemInstr &V = F.Mem[1];
  EXPECT_EQ(V.Bytes, 8u);
  EXPECT_EQ(V.Elems, 2u);
  ASSERT_EQ(V.Locs.size(), 2u);
  EXPECT_EQ(V.Locs[1].File, "/src/t.cu"); // the comment's name, resolved
  EXPECT_EQ(V.Locs[1].Line, 19u);
  EXPECT_EQ(V.Locs[1].Col, 10u);
  EXPECT_EQ(F.Mem[2].Op, ptx::MemOp::Store); // predicated
  EXPECT_EQ(F.Mem[3].Sp, ptx::Space::Shared);
  EXPECT_EQ(F.Mem[3].Bytes, 16u);
  EXPECT_EQ(F.Mem[3].Base, "_ZZ1kE4tile");
  EXPECT_EQ(F.Mem[3].Disp, 16);
  EXPECT_EQ(F.Mem[4].Op, ptx::MemOp::Atomic);
}

// As nvcc writes it: inlined_at in the directive.
TEST(Ptx, ReadsNvccInlinedAt) {
  ptx::Module M = ptx::parse(R"(
	.file	1 "/src/t.cu"
.visible .entry _Z3inlPKfPf(
)
{
	.loc	1 2 31, function_name $L__info_string0, inlined_at 1 19 3
	ld.global.f32 	%f2, [%rd6+8];
	ld.global.nc.v4.s32 {%r9,%r10,%r11,%r12}, [%rd4];
}
)");
  ASSERT_EQ(M.Functions.size(), 1u);
  const ptx::Function &F = M.Functions[0];
  ASSERT_EQ(F.Mem.size(), 2u);
  ASSERT_EQ(F.Mem[0].Locs.size(), 2u);
  EXPECT_EQ(F.Mem[0].Locs[0].Line, 2u);
  EXPECT_EQ(F.Mem[0].Locs[1].Line, 19u);
  EXPECT_EQ(F.Mem[0].Locs[1].Col, 3u);
  EXPECT_EQ(F.Mem[1].Bytes, 16u); // inline assembly's spacing
}

// File names outside printable ASCII come octal-escaped (test/ci's odd
// path "dir with space#1/é/k ernel#2.cu").
TEST(Ptx, UnescapesFileNames) {
  ptx::Module M = ptx::parse(R"(
.visible .entry k(
)
{
	.loc	1 3 5
	ld.global.f32 	%f1, [%rd1];
}
	.file	1 "/src/dir with space#1/\303\251/k ernel#2.cu"
)");
  ASSERT_EQ(M.Functions.size(), 1u);
  ASSERT_EQ(M.Functions[0].Mem.size(), 1u);
  ASSERT_EQ(M.Functions[0].Mem[0].Locs.size(), 1u);
  EXPECT_EQ(M.Functions[0].Mem[0].Locs[0].File,
            "/src/dir with space#1/\xc3\xa9/k ernel#2.cu");
}

// Where a load's address is computed: through the moves a join of two
// paths leaves and a selection, to the instructions that compute it.
TEST(Ptx, AddressDefinitions) {
  ptx::Module M = ptx::parse(R"(
.visible .entry k(
)
{
	.loc	1 3 16
	add.s64 	%rd5, %rd1, %rd13;
	mov.b64 	%rd19, %rd5;
	bra.uni 	$L__BB0_3;
	.loc	1 3 23
	add.s64 	%rd6, %rd2, %rd15;
	mov.b64 	%rd19, %rd6;
	.loc	1 3 12
	selp.b64 	%rd20, %rd19, %rd7, %p1;
	.loc	1 0 12
	mov.b64 	%rd9, %rd20;
	.loc	1 3 0
	ld.global.b32 	%r4, [%rd9];
	ld.shared.b32 	%r5, [_ZZ1kE4tile+4];
}
	.file	1 "/src/t.cu"
)");
  ASSERT_EQ(M.Functions.size(), 1u);
  ASSERT_EQ(M.Functions[0].Mem.size(), 2u);
  std::vector<std::pair<unsigned, unsigned>> At;
  for (const ptx::SrcLoc &L : M.Functions[0].Mem[0].AddrDefs) {
    EXPECT_EQ(L.File, "/src/t.cu");
    At.push_back({L.Line, L.Col});
  }
  std::sort(At.begin(), At.end());
  // %rd7 is not defined in the listing: nothing for it.
  EXPECT_EQ(At, (std::vector<std::pair<unsigned, unsigned>>{{3, 16}, {3, 23}}));
  EXPECT_TRUE(M.Functions[0].Mem[1].AddrDefs.empty()); // a variable's address
}

// The functions a kernel runs: those it calls, on one line (clang) or with
// the callee on the next (nvcc); every one when it calls through a pointer.
TEST(Ptx, ReachedFunctions) {
  ptx::Module M = ptx::parse(R"(
.func  (.param .b32 func_retval0) _Z1fPKfi
(
	.param .b64 _Z1fPKfi_param_0
)
;
.func  (.param .b32 func_retval0) _Z1fPKfi(
)
{
	ld.b32 	%r3, [%rd4];
}
.func  (.param .b32 func_retval0) _Z1gPKfi(
)
{
	ld.b32 	%r3, [%rd4];
}
.func  (.param .b32 func_retval0) _Z1hPKfi(
)
{
	ld.b32 	%r3, [%rd4];
}
.visible .entry _Z2k1v(
)
{
	call.uni (retval0), _Z1fPKfi, (param0, param1);
}
.visible .entry _Z2k2v(
)
{
	call.uni (retval0), 
	_Z1gPKfi, 
	(
	param0
	);
}
.weak .entry _Z2k3v(
)
{
	mov.u64 	%rd1, _Z1hPKfi;
	call (retval0), %rd3, (param0), prototype_0;
}
.visible .global .align 8 .u64 table[1] = {_Z1fPKfi};
)");
  auto Names = [&](const char *K) {
    std::vector<std::string> Out;
    for (const ptx::Function *F : M.reachedFrom(K))
      Out.push_back(F->Name);
    return Out;
  };
  // The declaration before the functions and the definition.
  EXPECT_EQ(Names("_Z2k1v"),
            (std::vector<std::string>{"_Z2k1v", "_Z1fPKfi", "_Z1fPKfi"}));
  EXPECT_EQ(M.reachedFrom("_Z2k1v").back()->Mem.size(), 1u);
  EXPECT_EQ(Names("_Z2k2v"), (std::vector<std::string>{"_Z2k2v", "_Z1gPKfi"}));
  // Through a pointer: the functions whose address is taken (a weak
  // kernel's header is read too).
  std::vector<std::string> Ind = Names("_Z2k3v");
  std::sort(Ind.begin() + 1, Ind.end());
  EXPECT_EQ(Ind, (std::vector<std::string>{"_Z2k3v", "_Z1fPKfi", "_Z1fPKfi",
                                           "_Z1hPKfi"}));
}

TEST(Ptx, TypeBytes) {
  EXPECT_EQ(ptx::typeBytes("f32"), 4u);
  EXPECT_EQ(ptx::typeBytes("b128"), 16u);
  EXPECT_EQ(ptx::typeBytes("u8"), 1u);
  EXPECT_EQ(ptx::typeBytes("f16x2"), 4u);
  EXPECT_EQ(ptx::typeBytes("bf16"), 2u);
  EXPECT_EQ(ptx::typeBytes("global"), 0u);
  EXPECT_EQ(ptx::typeBytes("v4"), 0u);
}

CompiledInstr instr(unsigned Bytes, unsigned Base, int64_t Disp) {
  CompiledInstr I;
  I.Bytes = Bytes;
  I.Base = Base;
  I.Disp = Disp;
  return I;
}

// A double3 copy: three 8-byte pieces of one 24-byte execution.
TEST(ExecutionShapes, PiecesOfOneCopy) {
  CompiledAccess A;
  A.Instrs = {instr(8, 0, 16), instr(8, 0, 0), instr(8, 0, 8)};
  std::vector<ExecShape> S = executionShapes(A, 24);
  ASSERT_EQ(S.size(), 1u);
  ASSERT_EQ(S[0].size(), 3u);
  EXPECT_EQ(S[0][0].Rel, 0);
  EXPECT_EQ(S[0][1].Rel, 8);
  EXPECT_EQ(S[0][2].Rel, 16);
}

// The trips of an unrolled loop: copies of one shape are one shape.
TEST(ExecutionShapes, UnrolledCopies) {
  CompiledAccess A;
  A.Instrs = {instr(4, 0, 0), instr(4, 0, 512), instr(4, 0, 1024),
              instr(4, 1, 0)};
  std::vector<ExecShape> S = executionShapes(A, 4);
  ASSERT_EQ(S.size(), 1u);
  ASSERT_EQ(S[0].size(), 1u);
  EXPECT_EQ(S[0][0].Bytes, 4u);
}

// Four trips fused into one 16-byte load: an instruction wider than the
// access; a narrowed one (4 of 16 bytes) and a second load at the same
// place (another execution) are shapes of their own.
TEST(ExecutionShapes, FusedNarrowedAndRepeated) {
  CompiledAccess Fused;
  Fused.Instrs = {instr(16, 0, 0), instr(16, 0, 16)};
  std::vector<ExecShape> S = executionShapes(Fused, 4);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0][0].Bytes, 16u);

  CompiledAccess Mixed;
  Mixed.Instrs = {instr(4, 0, 12), instr(8, 1, 0), instr(8, 1, 0)};
  S = executionShapes(Mixed, 16);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0][0].Bytes, 4u);
  EXPECT_EQ(S[1][0].Bytes, 8u);
}

} // namespace
