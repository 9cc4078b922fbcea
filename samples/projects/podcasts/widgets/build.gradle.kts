plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.podcasts.widgets"
    compileSdk = 35
}
