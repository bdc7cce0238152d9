// What a kernel compiled for the emulator may import (runtime/emu/host_imports.h): what device
// code may call on a GPU, and nothing of the host's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "emu/host_imports.h"

namespace cudalab::emu {
namespace {

TEST(HostImports, DeviceFunctionsAreAllowed) {
  for (const char* name : {"sqrtf", "expf", "__expf_finite", "pow", "fmaf", "sincosf", "memcpy", "__memcpy_chk", "malloc",
                           "free", "_Znwm", "_ZdlPvm", "__assert_fail", "__tls_get_addr", "__cxa_guard_acquire",
                           "_ZN7cudalab3emu14print_capturedEPKcz", "_ZN7cudalab3emu11tls_contextE", "_ZTWN7cudalab3emu11tls_contextE",
                           "_ZN7cudalab3emu11syncthreadsESt15source_location", "__gmon_start__",
                           // `new int[n]` with a run-time n: g++ calls this when n * sizeof(int) overflows.
                           "_Znam", "__cxa_throw_bad_array_new_length"})
    EXPECT_TRUE(allowed_import(name)) << name;
}

// __popc(x) is __builtin_popcount: without -mpopcnt g++ calls libgcc's __popcountdi2 (a kernel
// using __popc was refused as host code). Compiled here to see the import for real.
TEST(HostImports, WhatPopcCompilesToIsAllowed) {
  const std::string base = ::testing::TempDir() + "/popc";
  std::ofstream(base + ".cpp") << "int count(unsigned long long x) { return __builtin_popcountll(x); }\n";
  const std::string command = "c++ -std=c++20 -O1 -fPIC -shared -w " + base + ".cpp -o " + base + ".so 2>/dev/null";
  if (std::system(command.c_str()) != 0) GTEST_SKIP() << "no C++ compiler (c++) on PATH to build the object";
  std::vector<std::string> imports;
  std::string unreadable;
  ASSERT_TRUE(imported_symbols(base + ".so", &imports, &unreadable)) << unreadable;
  if (std::find(imports.begin(), imports.end(), "__popcountdi2") == imports.end())
    GTEST_SKIP() << "this compiler emits popcount inline: nothing to check";
  EXPECT_TRUE(refuse_host_imports(imports).empty()) << refuse_host_imports(imports);
  for (const char* name : {"__popcountdi2", "__popcountsi2", "__divti3", "__udivti3"}) EXPECT_TRUE(allowed_import(name)) << name;
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
  EXPECT_TRUE(refuse_host_imports({"sqrtf", "memcpy", "_Znwm"}).empty());
  const std::string words = refuse_host_imports({"sqrtf", "write", "_ZNSt6thread6detachEv", "write"}).english();
  EXPECT_NE(words.find("the kernel calls `write`, `std::thread::detach`: host code"), std::string::npos) << words;
  const std::string many = refuse_host_imports({"a1", "a2", "a3", "a4", "a5", "a6"}).english();
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

// A shared object built from `code` by the compiler the emulator uses; "" when there is none.
std::string shared_object(const std::string& name, const std::string& code) {
  const std::string base = ::testing::TempDir() + "/" + name;
  std::ofstream(base + ".cpp") << code;
  const std::string command = "c++ -std=c++20 -O1 -fPIC -shared -w " + base + ".cpp -o " + base + ".so 2>/dev/null";
  return std::system(command.c_str()) == 0 ? base + ".so" : "";
}

TEST(HostImports, CodeThatRunsWhenTheObjectIsLoadedIsRefused) {
  const std::string plain = shared_object("plain", "float table[4] = {1, 2, 3, 4};\nfloat f(int i) { return table[i]; }\n");
  if (plain.empty()) GTEST_SKIP() << "no C++ compiler (c++) on PATH to build the objects";
  EXPECT_TRUE(refuse_load_time_code(plain).empty()) << refuse_load_time_code(plain);
  for (const auto& [name, code] : std::vector<std::pair<std::string, std::string>>{
           {"constructor", "__attribute__((constructor)) static void f() { static volatile int x; x = 1; }\n"},
           {"destructor", "__attribute__((destructor)) static void f() { static volatile int x; x = 1; }\n"},
           {"object", "struct T { int v; T() { v = 2; } };\nT t;\nint get() { return t.v; }\n"},
           {"computed", "int seed();\nint value = seed();\n"}}) {
    const std::string object = shared_object(name, code);
    ASSERT_FALSE(object.empty()) << name;
    const std::string words = refuse_load_time_code(object).english();
    EXPECT_NE(words.find("runs code of its own when it is loaded"), std::string::npos) << name << ": " << words;
  }
  EXPECT_FALSE(refuse_load_time_code("/no/such/file.so").empty());
}

}  // namespace
}  // namespace cudalab::emu
