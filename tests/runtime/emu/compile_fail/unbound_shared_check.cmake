# Runs the configure-time binding check on a unit that lacks its binding; the test expects the
# check's words (cmake/CheckSharedBindings.cmake).
include(${PROJECT_SOURCE_DIR}/cmake/CheckSharedBindings.cmake)
cudalab_check_shared_bindings(EMU_UNIT ${CMAKE_CURRENT_LIST_DIR}/unbound_shared_emu.cpp
                              SOURCES ${CMAKE_CURRENT_LIST_DIR}/unbound_shared_kernel.cuh)
