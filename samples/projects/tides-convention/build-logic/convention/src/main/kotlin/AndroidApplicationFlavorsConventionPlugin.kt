import com.android.build.api.dsl.ApplicationExtension
import org.gradle.api.Plugin
import org.gradle.api.Project
import org.gradle.kotlin.dsl.configure

// The flavours live here, in code share-route does not run.
class AndroidApplicationFlavorsConventionPlugin : Plugin<Project> {
    override fun apply(target: Project) {
        target.extensions.configure<ApplicationExtension> {
            flavorDimensions += "contentType"
            productFlavors {
                create("demo") {
                    dimension = "contentType"
                    applicationIdSuffix = ".demo"
                }
                create("prod") { dimension = "contentType" }
            }
        }
    }
}
