#version 100
// Pass-through fragment shader (OpenGL ES 2.0): as scene.frag.
precision mediump float;
varying vec3 vCol;
void main() {
    gl_FragColor = vec4(vCol, 1.0);
}
