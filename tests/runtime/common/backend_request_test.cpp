// The names `--backend=…` and the worker's messages give a backend, both ways.
#include <gtest/gtest.h>

#include "cudalab/backend_request.h"

using cudalab::backend_name;
using cudalab::backend_request_named;
using cudalab::BackendRequest;

TEST(BackendRequestNamed, ReadsTheThreeNames) {
  EXPECT_EQ(backend_request_named("gpu"), BackendRequest::gpu);
  EXPECT_EQ(backend_request_named("emu"), BackendRequest::emulator);
  EXPECT_EQ(backend_request_named("auto"), BackendRequest::automatic);
}

TEST(BackendRequestNamed, AnyOtherNameIsAutomatic) {
  EXPECT_EQ(backend_request_named(""), BackendRequest::automatic);
  EXPECT_EQ(backend_request_named("GPU"), BackendRequest::automatic);
  EXPECT_EQ(backend_request_named("emulator"), BackendRequest::automatic);
  EXPECT_EQ(backend_request_named("gpu:0"), BackendRequest::automatic);
}

TEST(BackendName, IsTheInverse) {
  for (BackendRequest request : {BackendRequest::automatic, BackendRequest::gpu, BackendRequest::emulator})
    EXPECT_EQ(backend_request_named(backend_name(request)), request) << backend_name(request);
  EXPECT_STREQ(backend_name(BackendRequest::emulator), "emu");
  EXPECT_STREQ(backend_name(BackendRequest::automatic), "auto");
}
