# Every dependency comes from Debian's archive (README's commands install them); found through
# CMake config files or pkg-config, never vendored.
if(CUDALAB_GPU)
  find_package(CUDAToolkit REQUIRED)
endif()
find_package(Threads REQUIRED)
# Boost's own CMake config (Debian ships it for 1.74 and 1.83); CMake 3.30+ drops FindBoost.
if(POLICY CMP0167)
  cmake_policy(SET CMP0167 NEW)
endif()
find_package(Boost 1.74 REQUIRED COMPONENTS context)
find_package(nlohmann_json 3 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GLFW REQUIRED IMPORTED_TARGET glfw3)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
pkg_check_modules(MD4C REQUIRED IMPORTED_TARGET md4c)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)

# glad's GL 3.3 core loader, generated at build time (offline: --reproducible uses the bundled
# gl.xml). /usr/bin/glad, not `python3 -m glad`: python3 on PATH may lack the module.
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
endif()
set(GLAD_OUT ${CMAKE_BINARY_DIR}/glad)
add_custom_command(
  OUTPUT ${GLAD_OUT}/src/gl.c ${GLAD_OUT}/include/glad/gl.h
  COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=3.3 --extensions= --out-path ${GLAD_OUT} c
  COMMENT "Generating the GL 3.3 core loader with glad"
  VERBATIM)
add_library(cudalab_glad STATIC ${GLAD_OUT}/src/gl.c)
target_include_directories(cudalab_glad PUBLIC ${GLAD_OUT}/include)
set_target_properties(cudalab_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Debian's libimgui.a carries the GLFW and OpenGL3 backends; its GL3 backend dlopens libGL, and
# stb was split out of it.
add_library(cudalab_imgui INTERFACE)
target_link_libraries(cudalab_imgui INTERFACE PkgConfig::IMGUI PkgConfig::STB PkgConfig::GLFW ${CMAKE_DL_LIBS})
