// Checks the screenshots of a GUI tour: one PNG per chapter step exists, and each named region
// of each picture really holds content (text and drawings produce edges; a blank or flat region
// does not). Usage:
//   check_screenshots DIR name:x0,y0,x1,y1:min_edge_percent ...
// Regions are fractions of the image (0..1).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <stb_image.h>

#include "lesson.h"

namespace {

struct Region {
  std::string name;
  double x0, y0, x1, y1;
  double min_edge_percent;
};

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  double luma(int x, int y) const {
    const unsigned char* p = &rgb[3 * (std::size_t(y) * width + x)];
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  }
};

bool load(const std::string& path, Image* image) {
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image->width, &image->height, &channels, 3);
  if (!data) return false;
  image->rgb.assign(data, data + std::size_t(image->width) * image->height * 3);
  stbi_image_free(data);
  return true;
}

// Share of pixels whose luminance differs sharply from their right or lower neighbour.
double edge_percent(const Image& image, const Region& r) {
  int x0 = int(r.x0 * image.width), x1 = int(r.x1 * image.width) - 1;
  int y0 = int(r.y0 * image.height), y1 = int(r.y1 * image.height) - 1;
  long edges = 0, total = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x, ++total) {
      double here = image.luma(x, y);
      if (std::fabs(here - image.luma(x + 1, y)) > 40 || std::fabs(here - image.luma(x, y + 1)) > 40) ++edges;
    }
  return total ? 100.0 * edges / total : 0;
}

int distinct_colours(const Image& image) {
  std::set<int> colours;
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3 * 7)
    colours.insert((image.rgb[i] >> 4) << 8 | (image.rgb[i + 1] >> 4) << 4 | (image.rgb[i + 2] >> 4));
  return static_cast<int>(colours.size());
}

bool parse_region(const std::string& text, Region* r) {
  char name[64];
  return std::sscanf(text.c_str(), "%63[^:]:%lf,%lf,%lf,%lf:%lf", name, &r->x0, &r->y0, &r->x1, &r->y1,
                     &r->min_edge_percent) == 6 &&
         (r->name = name, r->x0 < r->x1 && r->y0 < r->y1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: check_screenshots DIR|FILE.png... [name:x0,y0,x1,y1:min_edge_percent ...]\n");
    return 2;
  }
  // A tour's folder (one PNG per step, named by the lessons), or PNG files named one by one.
  std::string dir = argv[1];
  std::vector<std::string> files;
  int first_region = 2;
  if (dir.size() > 4 && dir.compare(dir.size() - 4, 4, ".png") == 0) {
    first_region = 1;
    while (first_region < argc && std::string(argv[first_region]).find(".png") != std::string::npos) {
      files.push_back(argv[first_region++]);
    }
  } else {
    for (const auto& lesson : cudalab::lessons::make_lessons()) {
      for (std::size_t s = 0; s < lesson->steps().size(); ++s) {
        files.push_back(dir + "/" + lesson->id() + "-" + std::to_string(s + 1) + ".png");
      }
    }
  }
  std::vector<Region> regions;
  for (int i = first_region; i < argc; ++i) {
    Region r;
    if (!parse_region(argv[i], &r)) {
      std::fprintf(stderr, "bad region '%s'\n", argv[i]);
      return 2;
    }
    regions.push_back(r);
  }
  int failures = 0, checked = 0;
  {
    for (const std::string& path : files) {
      Image image;
      if (!load(path, &image)) {
        std::printf("FAIL %s: missing or not a PNG\n", path.c_str());
        ++failures;
        continue;
      }
      ++checked;
      int colours = distinct_colours(image);
      bool ok = image.width >= 640 && image.height >= 400 && colours >= 8;
      std::printf("%s %s: %dx%d, %d colours", ok ? "ok  " : "FAIL", path.c_str(), image.width, image.height, colours);
      for (const Region& r : regions) {
        double edges = edge_percent(image, r);
        bool region_ok = edges >= r.min_edge_percent;
        ok = ok && region_ok;
        std::printf(", %s %.2f%%%s", r.name.c_str(), edges, region_ok ? "" : " (too empty)");
      }
      std::printf("\n");
      failures += !ok;
    }
  }
  std::printf("%d screenshots checked, %d failed\n", checked, failures);
  return failures == 0 && checked > 0 ? 0 : 1;
}
