"""The steps around openapi-generator that make the generated clients packages a release can publish; clients/pom.xml
runs each in its phase (python3, standard library only, plus setuptools and its bdist_wheel to build the wheel):

  prepare  (initialize)      the generator's settings that Maven cannot derive from the version and the repository
                             URL (the document already carries the version, stamped by contracts' build): Python's version (PEP 440: 0.1.0-SNAPSHOT is 0.1.0.dev0) and the
                             repository's host, owner and name;
  tidy     (process-sources) what no generator option sets: the Python package's description, authors, homepage,
                             install section, licence file and py.typed, the npm package's description, author,
                             homepage, README's first line and licence file;
  package  (package)         the four packages in target/dist: vspec-client-VERSION.jar (with its POM inside and
                             beside it), vspec_client-PEP440-py3-none-any.whl and vspec_client-PEP440.tar.gz, and
                             vspec-client-VERSION.tgz (npm pack, the TypeScript compiled into dist/ first).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

AUTHOR = "the vspec authors"
# PEP 440's public versions, the ones an index takes (no local "+..." part)
PEP440 = re.compile(r"^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$")
REPOSITORY = re.compile(r"^https://(?P<host>[^/]+)/(?P<owner>[^/]+)/(?P<name>[^/]+?)(\.git)?/?$")


def fail(message):
    sys.exit(f"packages.py: {message}")


def python_version(version):
    """The Maven version as Python's packaging writes it: a snapshot is the release's first development version."""
    pep440 = re.sub(r"-SNAPSHOT$", ".dev0", version)
    if not PEP440.match(pep440):
        fail(f"the version {version} has no PEP 440 form that Python's packaging accepts")
    return pep440


def repository(url):
    match = REPOSITORY.match(url)
    if not match:
        fail(f"vspec.repository.url {url} is not https://HOST/OWNER/NAME, the form the generators' gitHost, "
             f"gitUserId and gitRepoId describe")
    return match


def replace_once(text, pattern, replacement, what):
    """Replaces what the generator's template wrote; fails when the template no longer writes it."""
    changed, count = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE | re.DOTALL)
    if count != 1:
        fail(f"{what}: the generator no longer writes /{pattern}/; see what it writes now and change packages.py")
    return changed


def prepare(args):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pep440 = python_version(args.version)
    where = repository(args.repository)
    settings = {
        "gitHost": where["host"],
        "gitUserId": where["owner"],
        "gitRepoId": where["name"],
        "additionalProperties": {
            "packageVersion": pep440,
            "httpUserAgent": f"vspec-client/{pep440}/python",
        },
    }
    (out / "generator.json").write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


PYTHON_INSTALL = """## Installation & Usage

From the package index, once a release is published there:

```sh
pip install vspec_client
```

Or from the wheel a vspec build makes (`clients/target/dist`):

```sh
pip install vspec_client-{version}-py3-none-any.whl
```

Then import the package:
```python
import vspec_client
```

"""


def tidy(args):
    url = args.repository
    python = Path(args.python)
    pyproject = python / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    text = replace_once(text, r'^description = ".*?"$', 'description = "Python client of the vspec HTTP API"',
                        "pyproject.toml's description")
    text = replace_once(text, r"^authors = \[\n.*?^\]\n", f'authors = [\n  {{name = "{AUTHOR}"}},\n]\n',
                        "pyproject.toml's authors")
    text = replace_once(text, r"^\[project\.urls\]\n", f'[project.urls]\nHomepage = "{url}"\n',
                        "pyproject.toml's [project.urls]")
    # what the generator's setup.py (not generated) adds: the PEP 561 marker, which setuptools before 69 leaves out
    text += '\n[tool.setuptools.package-data]\nvspec_client = ["py.typed"]\n'
    pyproject.write_text(text, encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"$', text, flags=re.MULTILINE)[1]
    readme = python / "README.md"
    readme.write_text(
        replace_once(readme.read_text(encoding="utf-8"), r"^## Installation & Usage\n.*?(?=^## Getting Started$)",
                     PYTHON_INSTALL.format(version=version), "the Python README's install section"),
        encoding="utf-8")
    shutil.copyfile(args.license, python / "LICENSE")

    typescript = Path(args.typescript)
    package_json = typescript / "package.json"
    package = json.loads(package_json.read_text(encoding="utf-8"))
    package["description"] = "TypeScript client of the vspec HTTP API"
    package["author"] = AUTHOR
    package["homepage"] = url
    package_json.write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")
    shutil.copyfile(args.license, typescript / "LICENSE")
    readme = typescript / "README.md"
    # the generator names the API after the host of its first server, which is relative (/api): "localhost"
    readme.write_text(
        replace_once(readme.read_text(encoding="utf-8"), r"^A TypeScript SDK client for the .*? API\.$",
                     "A TypeScript SDK client for the vspec API.", "the TypeScript README's first line"),
        encoding="utf-8")


def run(command, cwd, env=None):
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(map(str, command))} (in {cwd}) ended with {result.returncode}:\n{result.stdout}")
    return result.stdout


PEP517 = "import sys, setuptools.build_meta as backend; print(backend.build_{}(sys.argv[1]))"


def python_packages(project, dist):
    """The sdist, then the wheel built from what the sdist holds (as python -m build does), each by setuptools'
    PEP 517 backend in a python3 of its own."""
    try:
        import setuptools  # noqa: F401
    except ImportError:
        fail("python3 has no setuptools, which builds the Python client's packages (python3 -m pip install setuptools)")
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools 70.1 and later)
    except ImportError:
        try:
            import wheel  # noqa: F401  (bdist_wheel for an older setuptools)
        except ImportError:
            fail("python3's setuptools cannot build a wheel: install the wheel package (python3 -m pip install wheel) "
                 "or setuptools 70.1 or later")
    for old in dist.glob("vspec_client-*"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        sdist = run([sys.executable, "-c", PEP517.format("sdist"), scratch], project).strip().splitlines()[-1]
        with tarfile.open(scratch / sdist) as archive:
            archive.extractall(scratch / "unpacked", **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        unpacked = scratch / "unpacked" / sdist[: -len(".tar.gz")]
        wheel_name = run([sys.executable, "-c", PEP517.format("wheel"), dist.resolve()], unpacked)
        wheel_name = wheel_name.strip().splitlines()[-1]
        shutil.move(scratch / sdist, dist / sdist)
    print(f"packages.py: {dist / sdist}\npackages.py: {dist / wheel_name}")


def java_package(args, dist):
    """The classes the module compiled from the generated Java client, with the POM (filtered by Maven from
    src/packaging/java) inside it and beside it."""
    staging = Path(args.java_meta).resolve()
    pom = next((staging / "META-INF" / "maven").glob("*/*/pom.xml"))
    jar = (dist / f"vspec-client-{args.version}.jar").resolve()
    jar.unlink(missing_ok=True)
    run([args.jar_tool, "--create", "--file", jar, "--manifest", staging / "META-INF" / "MANIFEST.MF",
         "-C", Path(args.java_classes).resolve(), args.java_package,
         "-C", staging, "META-INF/maven", "-C", staging, "META-INF/LICENSE"], staging)
    shutil.copyfile(pom, dist / f"vspec-client-{args.version}.pom")
    print(f"packages.py: {jar}")


def npm_package(args, dist):
    """npm pack: its prepare script (npm run build: tsc, and tsc -p tsconfig.esm.json) compiles the client into dist/
    with the tsc of --tsc-bin."""
    project = Path(args.typescript)
    shutil.rmtree(project / "dist", ignore_errors=True)
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(args.tsc_bin).resolve()), os.environ.get("PATH", "")]))
    run(["npm", "pack", "--loglevel=warn", "--pack-destination", dist.resolve()], project, env)
    tgz = dist / f"vspec-client-{args.version}.tgz"
    if not tgz.is_file():
        fail(f"npm pack wrote no {tgz}")
    print(f"packages.py: {tgz}")


def package(args):
    dist = Path(args.dist)
    dist.mkdir(parents=True, exist_ok=True)
    java_package(args, dist)
    python_packages(Path(args.python), dist)
    npm_package(args, dist)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    step = steps.add_parser("prepare")
    step.add_argument("--version", required=True, help="the Maven project's version")
    step.add_argument("--repository", required=True, help="vspec.repository.url")
    step.add_argument("--out", required=True, help="where generator.json goes")
    step.set_defaults(run=prepare)
    step = steps.add_parser("tidy")
    step.add_argument("--python", required=True, help="the generated Python client")
    step.add_argument("--typescript", required=True, help="the generated TypeScript client")
    step.add_argument("--repository", required=True, help="vspec.repository.url")
    step.add_argument("--license", required=True, help="the project's LICENSE")
    step.set_defaults(run=tidy)
    step = steps.add_parser("package")
    step.add_argument("--version", required=True, help="the Maven project's version")
    step.add_argument("--dist", required=True, help="where the packages go")
    step.add_argument("--java-classes", required=True, help="the compiled classes")
    step.add_argument("--java-package", required=True, help="the client's folder in them: dev/vspec/client")
    step.add_argument("--java-meta", required=True, help="META-INF: MANIFEST.MF, LICENSE, maven/G/A/pom.xml")
    step.add_argument("--jar-tool", required=True, help="the JDK's jar")
    step.add_argument("--python", required=True, help="the generated Python client")
    step.add_argument("--typescript", required=True, help="the generated TypeScript client")
    step.add_argument("--tsc-bin", required=True, help="a node_modules/.bin folder holding tsc")
    step.set_defaults(run=package)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
