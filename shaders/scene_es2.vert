#version 100
// Pass-through vertex shader (OpenGL ES 2.0): as scene.vert, in the old
// attribute/varying dialect (the article's WebGL shader).
attribute vec3 aPos;
attribute vec3 aCol;
uniform mat4 uMVP;
varying vec3 vCol;
void main() {
    vCol = aCol;
    gl_Position = uMVP * vec4(aPos, 1.0);
}
