#version 330 core
// Pass-through vertex shader (desktop GL 3.3 core): place the vertex with the
// camera's matrix and hand its colour on unchanged.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aCol;
uniform mat4 uMVP;
out vec3 vCol;
void main() {
    vCol = aCol;
    gl_Position = uMVP * vec4(aPos, 1.0);
}
