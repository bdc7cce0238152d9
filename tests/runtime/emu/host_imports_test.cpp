// What a kernel compiled for the emulator may import (runtime/emu/host_imports.h): what device
// code may call on a GPU, and nothing of the host's.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "emu/host_imports.h"

namespace cudalab::emu {
namespace {

TEST(HostImports, DeviceFunctionsAreAllowed) {
  for (const char* name : {"sqrtf", "expf", "__expf_finite", "pow", "fmaf", "sincosf", "memcpy", "__memcpy_chk", "malloc",
                           "free", "_Znwm", "_ZdlPvm", "__assert_fail", "__tls_get_addr", "__cxa_guard_acquire",
                           "_ZN7cudalab3emu14print_capturedEPKcz", "_ZN7cudalab3emu11tls_contextE", "_ZTWN7cudalab3emu11tls_contextE",
                           "_ZN7cudalab3emu11syncthreadsESt15source_location", "__gmon_start__"})
    EXPECT_TRUE(allowed_import(name)) << name;
}

TEST(HostImports, HostFunctionsAreRefused) {
  for (const char* name : {"write", "read", "open", "fopen", "getenv", "system", "fork", "execve", "socket", "kill",
                           "dlopen", "syscall", "snprintf", "mmap", "_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE",
                           "_ZSt4cout", "f", "l", "sqrtx",
                           // The executable exports all of its own: only the engine's kernel API is the device's.
                           "_ZN7cudalab11run_processEv", "_ZN7cudalab3emu9EmuDevice7compileEv", "cudalab_emu_jump_fcontext"})
    EXPECT_FALSE(allowed_import(name)) << name;
}

TEST(HostImports, TheRefusalNamesTheFunctionsDemangled) {
  EXPECT_EQ(refuse_host_imports({"sqrtf", "memcpy", "_Znwm"}), "");
  const std::string words = refuse_host_imports({"sqrtf", "write", "_ZNSt6thread6detachEv", "write"});
  EXPECT_NE(words.find("the kernel calls `write`, `std::thread::detach`: host code"), std::string::npos) << words;
  const std::string many = refuse_host_imports({"a1", "a2", "a3", "a4", "a5", "a6"});
  EXPECT_NE(many.find("`a4` and 2 more"), std::string::npos) << many;
}

TEST(HostImports, AnExecutablesImportsAreRead) {
  std::vector<std::string> names;
  std::string error;
  ASSERT_TRUE(imported_symbols("/proc/self/exe", &names, &error)) << error;
  EXPECT_NE(std::find(names.begin(), names.end(), "__libc_start_main"), names.end());
}

TEST(HostImports, WhatIsNotAnElfObjectIsSaidInWords) {
  const std::string junk = ::testing::TempDir() + "/not-elf.so";
  std::ofstream(junk) << "not an object";
  std::vector<std::string> names;
  std::string error;
  EXPECT_FALSE(imported_symbols(junk, &names, &error));
  EXPECT_NE(error.find("not a 64-bit ELF object"), std::string::npos) << error;
  EXPECT_FALSE(imported_symbols("/no/such/file.so", &names, &error));
}

}  // namespace
}  // namespace cudalab::emu
