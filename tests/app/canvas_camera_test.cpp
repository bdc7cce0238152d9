#include <gtest/gtest.h>

#include "render/canvas_camera.h"

using cudalab::app::render::CanvasCamera;

TEST(CanvasCamera, FitCentresTheWholeGrid) {
  CanvasCamera camera;
  camera.fit(256, 256, 800, 600, 10);
  EXPECT_FLOAT_EQ(camera.cell_pixels, 580.f / 256.f);
  EXPECT_FLOAT_EQ(camera.offset_y, 10.f);
  EXPECT_FLOAT_EQ(camera.offset_x, (800.f - 580.f) / 2.f);
}

TEST(CanvasCamera, ZoomKeepsThePointUnderTheCursor) {
  CanvasCamera camera;
  camera.fit(64, 64, 640, 640, 0);
  const float x = 123.f, y = 456.f;
  const float grid_x = (x - camera.offset_x) / camera.cell_pixels, grid_y = (y - camera.offset_y) / camera.cell_pixels;
  camera.zoom_at(x, y, 3.f, 1.f, 200.f);
  EXPECT_FLOAT_EQ(camera.cell_pixels, 30.f);
  EXPECT_NEAR((x - camera.offset_x) / camera.cell_pixels, grid_x, 1e-4);
  EXPECT_NEAR((y - camera.offset_y) / camera.cell_pixels, grid_y, 1e-4);
}

TEST(CanvasCamera, ZoomIsClamped) {
  CanvasCamera camera;
  camera.cell_pixels = 10;
  camera.zoom_at(0, 0, 100.f, 2.f, 50.f);
  EXPECT_FLOAT_EQ(camera.cell_pixels, 50.f);
  camera.zoom_at(0, 0, 0.001f, 2.f, 50.f);
  EXPECT_FLOAT_EQ(camera.cell_pixels, 2.f);
}

TEST(CanvasCamera, PickingFindsTheCellUnderAPoint) {
  CanvasCamera camera;
  camera.cell_pixels = 20;
  camera.offset_x = 5;
  camera.offset_y = 7;
  camera.pan(10, 0);
  int col = -1, row = -1;
  ASSERT_TRUE(camera.cell_at(15 + 20 * 3 + 1, 7 + 20 * 2 + 19, &col, &row));
  EXPECT_EQ(col, 3);
  EXPECT_EQ(row, 2);
  EXPECT_FALSE(camera.cell_at(14, 50, &col, &row));  // left of the grid
}
