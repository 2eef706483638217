package io.redactor.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Dependencies point one way: api -> actors -> (lua, persistence) -> core. The Lua engine knows nothing of
 * Akka, and core knows nothing of any framework.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redactor");
    }

    @Test
    void coreDependsOnNothingOfOurs() {
        noClasses().that().resideInAPackage("io.redactor.core..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redactor.lua..", "io.redactor.persistence..",
                        "io.redactor.actors..", "io.redactor.api..", "akka..", "io.netty..", "scala..")
                .allowEmptyShould(true).check(classes);
    }

    @Test
    void luaKnowsNothingOfAkkaOrTheLayersAboveIt() {
        noClasses().that().resideInAPackage("io.redactor.lua..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redactor.actors..", "io.redactor.api..",
                        "io.redactor.persistence..", "akka..", "io.netty..", "scala..")
                .allowEmptyShould(true).check(classes);
    }

    @Test
    void persistenceDoesNotDependOnActorsOrApi() {
        noClasses().that().resideInAPackage("io.redactor.persistence..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redactor.actors..", "io.redactor.api..")
                .allowEmptyShould(true).check(classes);
    }

    @Test
    void actorsDoNotDependOnTheFrontEnds() {
        noClasses().that().resideInAPackage("io.redactor.actors..")
                .should().dependOnClassesThat().resideInAnyPackage("io.redactor.api..", "io.netty..")
                .check(classes);
    }
}
