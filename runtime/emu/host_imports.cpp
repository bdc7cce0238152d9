#include "emu/host_imports.h"

#include "cudalab/message_format.h"

#include <cxxabi.h>
#include <elf.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <string_view>

#include <fmt/format.h>

#include "cudalab/files.h"

namespace cudalab::emu {
namespace {

// The C math library as CUDA's device math offers it (float, double; glibc's finite variants).
constexpr std::string_view kMath[] = {
    "sqrt",  "cbrt",  "rsqrt", "exp",   "exp2",   "exp10",  "expm1",     "log",   "log2",     "log10",  "log1p",
    "pow",   "sin",   "cos",   "tan",   "asin",   "acos",   "atan",      "atan2", "sinh",     "cosh",   "tanh",
    "asinh", "acosh", "atanh", "erf",   "erfc",   "tgamma", "lgamma",    "floor", "ceil",     "round",  "trunc",
    "rint",  "lround", "llround", "lrint", "llrint", "fmod", "remainder", "remquo", "fma",     "fmin",   "fmax",
    "fdim",  "hypot", "frexp", "ldexp", "scalbn", "scalbln", "ilogb",   "logb",  "modf",     "copysign", "nextafter",
    "fabs",  "sincos", "nan",  "nearbyint", "sinpi", "cospi", "norm3d"};

// The rest a kernel may import: memory functions and the device heap, assert, and what g++ emits
// for thread_local, static locals, exceptions in inline library code and the stack protector.
constexpr std::string_view kRuntime[] = {
    "memcpy", "memmove", "memset", "memcmp", "malloc", "free",
    // Ubuntu's g++ fortifies by default: the same functions, checked.
    "__memcpy_chk", "__memmove_chk", "__memset_chk", "__assert_fail", "__stack_chk_fail",
    "__tls_get_addr", "__cxa_atexit", "__cxa_finalize", "__cxa_thread_atexit", "__cxa_thread_atexit_impl",
    "__cxa_guard_acquire", "__cxa_guard_release", "__cxa_guard_abort", "__cxa_pure_virtual", "__gxx_personality_v0",
    "_Unwind_Resume", "__cxa_begin_catch", "__cxa_end_catch", "__cxa_rethrow", "__cxa_allocate_exception",
    "__cxa_free_exception", "__cxa_throw", "__cxa_throw_bad_array_new_length", "_ZSt9terminatev", "__gmon_start__", "_ITM_registerTMCloneTable",
    "_ITM_deregisterTMCloneTable", "__dso_handle", "__errno_location", "__isnan", "__isinf", "__finite",
    // libgcc's arithmetic, called where the target has no instruction for it: __popc and __popcll
    // are __builtin_popcount*, a call to __popcountdi2 without -mpopcnt; 128-bit division.
    "__popcountdi2", "__popcountsi2", "__paritydi2", "__paritysi2", "__clzdi2", "__ctzdi2", "__ffsdi2",
    "__divti3", "__udivti3", "__modti3", "__umodti3"};

// What the emulation headers (cuda_emu.h, context.h, bind.h, warp_call.h) and the race detector
// (lessons/exercises/race_shadow.cuh) call in the engine, by their demangled names.
constexpr std::string_view kEngine[] = {
    "cudalab::emu::tls_context",     "cudalab::emu::syncthreads",  "cudalab::emu::syncthreads_count",
    "cudalab::emu::print_captured",  "cudalab::emu::clock_ns",     "cudalab::emu::trap",
    "cudalab::emu::assert_fail",     "cudalab::emu::sync_point",   "cudalab::emu::warp_meet",
    "cudalab::emu::warp_op_name",    "cudalab::emu::register_dynamic_shared"};

bool is_math(std::string_view name) {
  if (name.starts_with("__") && name.ends_with("_finite")) name = name.substr(2, name.size() - 2 - 7);
  for (std::string_view base : kMath) {
    if (name == base) return true;
    if (name.size() == base.size() + 1 && name.starts_with(base) && (name.back() == 'f' || name.back() == 'l')) return true;
  }
  return false;
}

std::string demangled(const std::string& name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  if (status != 0 || !text) return name;
  std::string out = text.get();
  if (const auto paren = out.find('('); paren != std::string::npos) out.resize(paren);
  return out;
}

template <class T>
bool read_at(const std::string& bytes, std::size_t offset, T* out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(out, bytes.data() + offset, sizeof(T));
  return true;
}

// The whole file and its header, when it is a 64-bit ELF object whose section headers can be read.
bool read_elf(const std::string& path, std::string* bytes, Elf64_Ehdr* header) {
  *bytes = read_whole_file(path).value_or("");
  return read_at(*bytes, 0, header) && std::memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 &&
         header->e_ident[EI_CLASS] == ELFCLASS64 && header->e_shentsize == sizeof(Elf64_Shdr);
}

}  // namespace

bool imported_symbols(const std::string& shared_object, std::vector<std::string>* names, std::string* error) {
  std::string bytes;
  Elf64_Ehdr header;
  if (!read_elf(shared_object, &bytes, &header)) {
    *error = "the compiled kernel is not a 64-bit ELF object";
    return false;
  }
  names->clear();
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section;
    if (!read_at(bytes, header.e_shoff + std::size_t{i} * sizeof(Elf64_Shdr), &section)) break;
    if (section.sh_type != SHT_DYNSYM) continue;
    Elf64_Shdr strings;
    if (section.sh_entsize != sizeof(Elf64_Sym) ||
        !read_at(bytes, header.e_shoff + std::size_t{section.sh_link} * sizeof(Elf64_Shdr), &strings) ||
        strings.sh_offset > bytes.size() || bytes.size() - strings.sh_offset < strings.sh_size) {
      *error = "the compiled kernel's symbol table cannot be read";
      return false;
    }
    for (std::size_t at = 0; at + sizeof(Elf64_Sym) <= section.sh_size; at += sizeof(Elf64_Sym)) {
      Elf64_Sym symbol;
      if (!read_at(bytes, section.sh_offset + at, &symbol)) break;
      if (symbol.st_shndx != SHN_UNDEF || symbol.st_name == 0 || symbol.st_name >= strings.sh_size) continue;
      const char* start = bytes.data() + strings.sh_offset + symbol.st_name;
      names->emplace_back(start, strnlen(start, strings.sh_size - symbol.st_name));
    }
    return true;
  }
  *error = "the compiled kernel has no dynamic symbol table";
  return false;
}

Message refuse_load_time_code(const std::string& shared_object) {
  std::string bytes;
  Elf64_Ehdr header;
  Elf64_Shdr names;
  if (!read_elf(shared_object, &bytes, &header) ||
      !read_at(bytes, header.e_shoff + std::size_t{header.e_shstrndx} * sizeof(Elf64_Shdr), &names) ||
      names.sh_offset > bytes.size() || bytes.size() - names.sh_offset < names.sh_size)
    return message("the compiled kernel's sections cannot be read");
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section;
    if (!read_at(bytes, header.e_shoff + std::size_t{i} * sizeof(Elf64_Shdr), &section)) break;
    if (section.sh_name >= names.sh_size) continue;
    const char* start = bytes.data() + names.sh_offset + section.sh_name;
    const std::string_view name(start, strnlen(start, names.sh_size - section.sh_name));
    // The C runtime's own start-up object puts one entry in each array (frame_dummy,
    // __do_global_dtors_aux); any further one is the file's.
    const bool array = name == ".init_array" || name == ".fini_array";
    if ((array && section.sh_size > sizeof(Elf64_Addr)) || name == ".preinit_array" || name == ".ctors" || name == ".dtors")
      return message(
          "the file runs code of its own when it is loaded or unloaded (a global variable whose value is "
          "computed at run time, an object with a constructor or destructor, or "
          "`__attribute__((constructor))`): a kernel file holds device code only, and on a GPU such a "
          "__device__ variable is refused too");
  }
  return {};
}

bool allowed_import(const std::string& name) {
  // The emulator's engine, as the emulation headers call it (runtime/include/cudalab/emu): these
  // functions and no other of the executable's, which exports all of its own (a kernel that
  // declared cudalab::run_process could start a shell with it).
  std::string engine = demangled(name);
  for (std::string_view tls : {"TLS wrapper function for ", "TLS init function for "})
    if (engine.starts_with(tls)) engine.erase(0, tls.size());
  if (std::find(std::begin(kEngine), std::end(kEngine), engine) != std::end(kEngine)) return true;
  // operator new/delete in all their forms: the device heap.
  for (std::string_view prefix : {"_Znw", "_Zna", "_Zdl", "_Zda"})
    if (name.starts_with(prefix)) return true;
  // libstdc++'s throw helpers (std::__throw_length_error…), called by inline library code.
  if (name.starts_with("_ZSt") && name.find("__throw_") != std::string::npos) return true;
  if (std::find(std::begin(kRuntime), std::end(kRuntime), name) != std::end(kRuntime)) return true;
  return is_math(name);
}

namespace {

// The imports `allowed` refuses, demangled, each once; and the first four as "`a`, `b`".
std::vector<std::string> refused_imports(const std::vector<std::string>& names, bool (*allowed)(const std::string&),
                                         std::string* list) {
  std::vector<std::string> refused;
  for (const std::string& name : names) {
    const std::string shown = demangled(name);
    if (!allowed(name) && std::find(refused.begin(), refused.end(), shown) == refused.end()) refused.push_back(shown);
  }
  for (std::size_t i = 0; i < refused.size() && i < 4; ++i) *list += (i ? ", " : "") + ("`" + refused[i] + "`");
  return refused;
}

// The C library's part a teaching program uses: printing, numbers from text, rand, the clock, exit.
constexpr std::string_view kProgramC[] = {
    "printf",   "fprintf",  "vprintf", "vfprintf", "puts",     "putchar", "fputs",   "fputc",   "putc",    "fwrite",
    "fflush",   "stdout",   "stderr",  "sprintf",  "snprintf", "vsnprintf", "vsprintf", "__printf_chk", "__fprintf_chk",
    "__sprintf_chk", "__snprintf_chk", "__vsnprintf_chk", "__vfprintf_chk", "__vprintf_chk", "rand", "srand", "rand_r",
    "time",     "clock",    "clock_gettime", "gettimeofday", "exit", "abort", "atexit", "strlen", "strcmp", "strncmp",
    "strcpy",   "strncpy",  "strcat",  "strchr",   "strstr",   "strtol",  "strtoul", "strtoll", "strtod",  "strtof",
    "atoi",     "atol",     "atof",    "abs",      "labs",     "llabs",   "qsort",   "bsearch", "calloc",  "realloc",
    "aligned_alloc", "posix_memalign", "__isoc99_sscanf", "sscanf", "__isoc23_strtol", "__isoc23_strtoul",
    "__isoc23_strtoll", "__isoc23_sscanf", "memchr", "toupper", "tolower", "__ctype_b_loc", "__ctype_toupper_loc",
    "__ctype_tolower_loc", "drand48", "srand48", "lrand48", "__libc_single_threaded"};

// The C++ library's part: streams to the terminal, strings, the clocks, random numbers, exceptions.
constexpr std::string_view kProgramCxx[] = {
    "std::basic_ostream", "std::ostream", "std::cout", "std::cerr", "std::clog", "std::endl", "std::flush",
    "std::ios_base", "std::basic_ios", "std::__ostream_insert", "std::operator<<", "std::ctype", "std::locale",
    "std::chrono::", "std::__cxx11::basic_string", "std::__cxx11::to_string", "std::basic_string", "std::random_device",
    "std::mersenne_twister_engine", "std::__detail::", "std::_Hash_bytes", "std::_Rb_tree", "std::__once_call",
    "std::runtime_error", "std::logic_error", "std::out_of_range", "std::invalid_argument", "std::exception",
    "std::bad_alloc", "std::length_error", "vtable for std::", "typeinfo for std::", "typeinfo for ",
    "std::__cxx11::basic_ostringstream", "std::__cxx11::basic_stringstream", "std::basic_streambuf",
    "std::__cxx11::basic_stringbuf", "std::terminate", "std::uncaught_exception", "std::_V2::", "std::thread::hardware_concurrency",
    "vtable for __cxxabiv1::"};

}  // namespace

bool allowed_program_import(const std::string& name) {
  if (allowed_import(name)) return true;
  if (std::find(std::begin(kProgramC), std::end(kProgramC), name) != std::end(kProgramC)) return true;
  const std::string shown = demangled(name);
  if (shown.starts_with("cudalab::emu::rt::")) return true;  // the emulated runtime (runtime_engine.h)
  if (shown.starts_with("cudalab::")) return false;           // nothing else of the executable's
  for (std::string_view prefix : kProgramCxx)
    if (shown.starts_with(prefix)) return true;
  return false;
}

Message refuse_program_imports(const std::vector<std::string>& names) {
  std::string list;
  const std::vector<std::string> refused = refused_imports(names, allowed_program_import, &list);
  if (refused.empty()) return {};
  if (refused.size() > 4)
    return message("the program calls {} and {} more: outside what CUDA Lab runs on the emulator (the CUDA runtime's "
                   "common calls, printing, the clock, rand, strings and streams; no files, processes or network)",
                   as_is(list), refused.size() - 4);
  return message("the program calls {}: outside what CUDA Lab runs on the emulator (the CUDA runtime's common calls, "
                 "printing, the clock, rand, strings and streams; no files, processes or network)",
                 as_is(list));
}

Message refuse_host_imports(const std::vector<std::string>& names) {
  std::string list;
  const std::vector<std::string> refused = refused_imports(names, allowed_import, &list);
  if (refused.empty()) return {};
  if (refused.size() > 4)
    return message("the kernel calls {} and {} more: host code, which a kernel cannot call (on a GPU it may call only "
                   "__device__ functions, printf, malloc, memcpy and the math functions)",
                   as_is(list), refused.size() - 4);
  return message("the kernel calls {}: host code, which a kernel cannot call (on a GPU it may call only "
                 "__device__ functions, printf, malloc, memcpy and the math functions)",
                 as_is(list));
}

}  // namespace cudalab::emu
