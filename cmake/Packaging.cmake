# `cpack -G DEB` in a build folder: a .deb for a lab of machines, installing under /usr what
# `cmake --install` installs (bin/cudalab, share/cudalab, the .desktop entry and the icon, and
# where the CUDA toolkit was there, lib/cudalab/libcudalab-gpu.so: the GPU backend, which needs
# only the driver's libcuda at run time, its CUDA runtime being linked in).
# Library dependencies are read off the binary by dpkg-shlibdeps (dpkg-dev), so a package built on
# Debian 12 names Debian 12's library packages and one built on Debian 13 names Debian 13's; the
# fonts are data, not libraries, and are named here. .ci/deb-check installs it on a bare Debian.
set(CPACK_PACKAGE_NAME cudalab)
set(CPACK_PACKAGE_VENDOR "CUDA Lab")
set(CPACK_PACKAGE_CONTACT "CUDA Lab maintainers <cudalab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Learn CUDA with real kernels, on an NVIDIA GPU or the CPU emulator")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-dejavu-extra")
# Exercises on the emulator compile the student's kernel with the host C++ compiler; without one the
# app says so in words, so it is recommended, not required. The same for the Chinese font: without
# it the app says which package to install and stays in English.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "g++, fonts-wqy-microhei")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "A classroom app that teaches CUDA by running real kernels: thread and block maps,\n shared memory, timings and matrix multiply, live. Without an NVIDIA GPU the same\n kernels run on a CPU emulator of the CUDA model, clearly labelled.")
set(CPACK_GENERATOR DEB)
include(CPack)
