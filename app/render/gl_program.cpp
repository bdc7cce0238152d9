#include "render/gl_program.h"

#include <utility>
#include <vector>

namespace cudalab::app::render {

namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

GLuint compile(GLenum kind, const std::string& source, const std::string& origin, std::string* error) {
  GLuint shader = glCreateShader(kind);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (compiled != GL_TRUE) {
    *error = "shader " + origin + " does not compile: " + shader_log(shader);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

GlProgram::~GlProgram() {
  if (program_ != 0) glDeleteProgram(program_);
}

GlProgram::GlProgram(GlProgram&& other) noexcept : program_(std::exchange(other.program_, 0)) {}

GlProgram& GlProgram::operator=(GlProgram&& other) noexcept {
  if (this != &other) {
    if (program_ != 0) glDeleteProgram(program_);
    program_ = std::exchange(other.program_, 0);
  }
  return *this;
}

std::string GlProgram::build(const std::string& vertex_source, const std::string& vertex_origin,
                             const std::string& fragment_source, const std::string& fragment_origin) {
  std::string error;
  const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source, vertex_origin, &error);
  if (vertex == 0) return error;
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source, fragment_origin, &error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    return error;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);  // flagged for deletion; freed with the program
  glDeleteShader(fragment);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    error = "shaders " + vertex_origin + " + " + fragment_origin + " do not link: " + program_log(program);
    glDeleteProgram(program);
    return error;
  }
  if (program_ != 0) glDeleteProgram(program_);
  program_ = program;
  return "";
}

}  // namespace cudalab::app::render
