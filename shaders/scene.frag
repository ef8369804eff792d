#version 330 core
// Pass-through fragment shader (desktop GL 3.3 core): every triangle is one
// flat colour, as with the original's glColor3f and no lighting.
in vec3 vCol;
out vec4 fragColor;
void main() {
    fragColor = vec4(vCol, 1.0);
}
