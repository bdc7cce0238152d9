# The clang build of the fuzz targets (see CMakeLists.txt): each target compiles the very source
# files the app uses for that input, instrumented for libFuzzer, AddressSanitizer and UBSan.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

get_filename_component(CUDALAB_ROOT ${CMAKE_CURRENT_SOURCE_DIR}/../.. ABSOLUTE)
find_package(nlohmann_json 3 REQUIRED)
find_package(fmt REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(MD4C REQUIRED IMPORTED_TARGET md4c)

# -fno-sanitize-recover: undefined behaviour stops the run like a crash, so libFuzzer keeps the input.
set(CUDALAB_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)

function(cudalab_fuzz_target name)
  cmake_parse_arguments(ARG "" "" "SOURCES;INCLUDES;LIBS" ${ARGN})
  add_executable(fuzz_${name} fuzz_${name}.cpp ${ARG_SOURCES})
  target_include_directories(fuzz_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${ARG_INCLUDES})
  target_link_libraries(fuzz_${name} PRIVATE ${ARG_LIBS})
  target_compile_options(fuzz_${name} PRIVATE ${CUDALAB_FUZZ_FLAGS})
  target_link_options(fuzz_${name} PRIVATE ${CUDALAB_FUZZ_FLAGS})
endfunction()

cudalab_fuzz_target(lesson_markdown
  SOURCES ${CUDALAB_ROOT}/app/markdown/markdown.cpp ${CUDALAB_ROOT}/app/markdown/lesson_document.cpp
          ${CUDALAB_ROOT}/runtime/src/files.cpp
  INCLUDES ${CUDALAB_ROOT}/app ${CUDALAB_ROOT}/runtime/include
  LIBS PkgConfig::MD4C)

cudalab_fuzz_target(run_json
  SOURCES ${CUDALAB_ROOT}/runtime/src/run_json.cpp ${CUDALAB_ROOT}/runtime/src/run_file.cpp
          ${CUDALAB_ROOT}/runtime/src/status.cpp ${CUDALAB_ROOT}/runtime/src/message.cpp ${CUDALAB_ROOT}/runtime/src/timing.cpp
          ${CUDALAB_ROOT}/runtime/src/device_facts.cpp ${CUDALAB_ROOT}/runtime/src/files.cpp
  INCLUDES ${CUDALAB_ROOT}/runtime/include
  LIBS nlohmann_json::nlohmann_json fmt::fmt)

cudalab_fuzz_target(settings
  SOURCES ${CUDALAB_ROOT}/app/settings/settings.cpp ${CUDALAB_ROOT}/runtime/src/files.cpp
  INCLUDES ${CUDALAB_ROOT}/app ${CUDALAB_ROOT}/runtime/include
  LIBS nlohmann_json::nlohmann_json)

cudalab_fuzz_target(printf_decoder
  SOURCES ${CUDALAB_ROOT}/runtime/cuda/printf_decoder.cpp
  INCLUDES ${CUDALAB_ROOT}/runtime/include)
