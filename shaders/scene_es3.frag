#version 300 es
// Pass-through fragment shader (OpenGL ES 3.0): as scene.frag.
precision mediump float;
in vec3 vCol;
out vec4 fragColor;
void main() {
    fragColor = vec4(vCol, 1.0);
}
