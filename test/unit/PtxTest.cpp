//===- PtxTest.cpp - The PTX reader and the shapes of compiled accesses ---===//
#include "codegen/Ptx.h"
#include "analyzer/CompiledCode.h"
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
