# orientd: build and install.
#   make                      release binaries in .build-bin/: orientd and orientctl in Embedded
#                             Swift (scripts/build-embedded)
#   make install              PREFIX=/usr/local DESTDIR=
#   make install-compat       also serve net.hadess.SensorProxy (replaces iio-sensor-proxy)
#   make test                 every test (scripts/test)
#   make liborientd           the client library for apps in .build-liborientd/ (scripts/build-liborientd)
#   make deb                  Debian packages orientd, orientd-sensor-proxy, liborientd0 and
#                             liborientd-dev into out/
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
LIBEXECDIR = $(PREFIX)/libexec
UNITDIR = $(PREFIX)/lib/systemd/system
UDEVRULESDIR = $(PREFIX)/lib/udev/rules.d
DBUSPOLICYDIR = $(PREFIX)/share/dbus-1/system.d
DBUSSERVICEDIR = $(PREFIX)/share/dbus-1/system-services
DBUSINTERFACEDIR = $(PREFIX)/share/dbus-1/interfaces
POLKITACTIONDIR = $(PREFIX)/share/polkit-1/actions
DOCDIR = $(PREFIX)/share/doc/orientd
MANDIR = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
# The client library: multiarch under dpkg-buildpackage (which exports DEB_HOST_MULTIARCH).
LIBDIR = $(PREFIX)/lib$(if $(DEB_HOST_MULTIARCH),/$(DEB_HOST_MULTIARCH))
INCLUDEDIR = $(PREFIX)/include
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
LIB = .build-liborientd
LIB_VERSION = 0.1.0
LIB_SOURCES = $(shell find Sources/CLibc Sources/CSystemd Sources/CallError Sources/Systemd Sources/OrientationCore \
	Sources/PostureCore Sources/OrientdClient Sources/liborientd -type f) scripts/build-liborientd scripts/liborientd.map orientd.pc.in
# Both programs are built in Embedded Swift: no Swift runtime, only what they use of the
# standard library, compiled in (scripts/build-embedded). BIN holds what is installed and tested.
EMBEDDED = .build-embedded
BIN = .build-bin
SOURCES = $(shell find Sources/CLibc Sources/CSystemd Sources/CIIO Sources/CInput Sources/CEvdev Sources/Evdev Sources/CallError Sources/Systemd \
	Sources/IIO Sources/Input Sources/OrientationCore Sources/PostureCore Sources/Sensors Sources/OrientdDaemon Sources/orientd \
	Sources/orientctl -type f)
# The introspection files of orientd's own interfaces (orientd --bus-introspect writes one per
# interface: each catalogued sensor kind adds its own).
ORIENTD_INTERFACES = $(wildcard dbus/org.orientd.*.xml)
# Shell completions, written by orientctl from its command table.
COMPLETIONS = $(EMBEDDED)/completions

.PHONY: all build orientctl liborientd install install-client install-compat uninstall test deb
all: build

build: $(BIN)/orientd $(BIN)/orientctl $(COMPLETIONS)/orientctl.bash

orientctl: $(BIN)/orientctl $(COMPLETIONS)/orientctl.bash

# One run of scripts/build-embedded links both programs.
$(EMBEDDED)/orientd $(EMBEDDED)/orientctl &: $(SOURCES) scripts/build-embedded scripts/orientd.symbol-order scripts/orientd.ld
	scripts/build-embedded $(EMBEDDED)

liborientd: $(LIB)/liborientd.so.$(LIB_VERSION)

$(LIB)/liborientd.so.$(LIB_VERSION): $(LIB_SOURCES) include/orientd.h
	scripts/build-liborientd $(LIB)

$(BIN)/%: $(EMBEDDED)/%
	install -Dm755 $< $@

# ORIENTCTL_RUN: what runs orientctl here when it is built for another architecture (a cross
# build: debian/rules sets an emulator, qemu-aarch64).
ORIENTCTL_RUN ?=
$(COMPLETIONS)/orientctl.bash: $(BIN)/orientctl
	mkdir -p $(COMPLETIONS)
	$(ORIENTCTL_RUN) $(BIN)/orientctl --generate-completion-script zsh > $(COMPLETIONS)/_orientctl
	$(ORIENTCTL_RUN) $(BIN)/orientctl --generate-completion-script fish > $(COMPLETIONS)/orientctl.fish
	$(ORIENTCTL_RUN) $(BIN)/orientctl --generate-completion-script bash > $@

# CLIENT=no leaves the client library out: it needs Embedded Swift with String (Swift 6.1 or
# newer); Debian 13's swiftlang 6.0.3 builds the programs only (debian/rules, profile
# pkg.orientd.noclient).
CLIENT ?= yes
install: build $(if $(filter no,$(CLIENT)),,liborientd install-client)
	install -Dm755 $(BIN)/orientd $(DESTDIR)$(LIBEXECDIR)/orientd
	install -Dm755 $(BIN)/orientctl $(DESTDIR)$(BINDIR)/orientctl
	install -d $(DESTDIR)$(UNITDIR)
	sed -e 's|/usr/libexec/orientd|$(LIBEXECDIR)/orientd|' -e 's|/usr/share/doc/orientd|$(DOCDIR)|' \
		systemd/orientd.service > $(DESTDIR)$(UNITDIR)/orientd.service
	chmod 644 $(DESTDIR)$(UNITDIR)/orientd.service
	install -Dm644 udev/80-orientd.rules $(DESTDIR)$(UDEVRULESDIR)/80-orientd.rules
	install -Dm644 dbus/org.orientd.Orientation1.conf $(DESTDIR)$(DBUSPOLICYDIR)/org.orientd.Orientation1.conf
	install -Dm644 dbus/org.orientd.Orientation1.service $(DESTDIR)$(DBUSSERVICEDIR)/org.orientd.Orientation1.service
	install -Dm644 udev/80-orientd-sensor-kinds.rules $(DESTDIR)$(UDEVRULESDIR)/80-orientd-sensor-kinds.rules
	install -d $(DESTDIR)$(DBUSINTERFACEDIR)
	install -m644 $(ORIENTD_INTERFACES) $(DESTDIR)$(DBUSINTERFACEDIR)/
	install -Dm644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -Dm644 man/orientd.8 $(DESTDIR)$(MANDIR)/man8/orientd.8
	install -Dm644 man/orientctl.1 $(DESTDIR)$(MANDIR)/man1/orientctl.1
	install -Dm644 man/orientd-hwdb.7 $(DESTDIR)$(MANDIR)/man7/orientd-hwdb.7
	install -Dm644 $(COMPLETIONS)/orientctl.bash $(DESTDIR)$(BASHCOMPDIR)/orientctl
	install -Dm644 $(COMPLETIONS)/_orientctl $(DESTDIR)$(ZSHCOMPDIR)/_orientctl
	install -Dm644 $(COMPLETIONS)/orientctl.fish $(DESTDIR)$(FISHCOMPDIR)/orientctl.fish

install-client: liborientd
	install -Dm644 $(LIB)/liborientd.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/liborientd.so.$(LIB_VERSION)
	ln -sf liborientd.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/liborientd.so.0
	ln -sf liborientd.so.0 $(DESTDIR)$(LIBDIR)/liborientd.so
	install -Dm644 include/orientd.h $(DESTDIR)$(INCLUDEDIR)/orientd.h
	install -d $(DESTDIR)$(PKGCONFIGDIR)
	sed -e 's|@prefix@|$(PREFIX)|' -e 's|@libdir@|$(LIBDIR)|' -e 's|@includedir@|$(INCLUDEDIR)|' -e 's|@version@|$(LIB_VERSION)|' \
		orientd.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/orientd.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/orientd.pc

install-compat: install
	install -d $(DESTDIR)$(UNITDIR)/orientd.service.d
	sed 's|/usr/libexec/orientd|$(LIBEXECDIR)/orientd|' systemd/orientd.service.d/sensor-proxy-compat.conf \
		> $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf
	chmod 644 $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf
	install -Dm644 dbus/net.hadess.SensorProxy.conf $(DESTDIR)$(DBUSPOLICYDIR)/net.hadess.SensorProxy.conf
	install -Dm644 dbus/net.hadess.SensorProxy.service $(DESTDIR)$(DBUSSERVICEDIR)/net.hadess.SensorProxy.service
	install -Dm644 dbus/net.hadess.SensorProxy.policy $(DESTDIR)$(POLKITACTIONDIR)/net.hadess.SensorProxy.policy
	install -Dm644 udev/80-orientd-sensor-proxy.rules $(DESTDIR)$(UDEVRULESDIR)/80-orientd-sensor-proxy.rules

uninstall:
	rm -f $(DESTDIR)$(LIBEXECDIR)/orientd $(DESTDIR)$(BINDIR)/orientctl \
		$(DESTDIR)$(UNITDIR)/orientd.service $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf \
		$(DESTDIR)$(UDEVRULESDIR)/80-orientd.rules $(DESTDIR)$(UDEVRULESDIR)/80-orientd-sensor-proxy.rules \
		$(DESTDIR)$(UDEVRULESDIR)/80-orientd-sensor-kinds.rules \
		$(DESTDIR)$(DBUSPOLICYDIR)/org.orientd.Orientation1.conf $(DESTDIR)$(DBUSPOLICYDIR)/net.hadess.SensorProxy.conf \
		$(DESTDIR)$(DBUSSERVICEDIR)/org.orientd.Orientation1.service $(DESTDIR)$(DBUSSERVICEDIR)/net.hadess.SensorProxy.service \
		$(DESTDIR)$(POLKITACTIONDIR)/net.hadess.SensorProxy.policy \
		$(addprefix $(DESTDIR)$(DBUSINTERFACEDIR)/,$(notdir $(ORIENTD_INTERFACES))) \
		$(DESTDIR)$(DOCDIR)/README.md \
		$(DESTDIR)$(MANDIR)/man8/orientd.8 $(DESTDIR)$(MANDIR)/man1/orientctl.1 $(DESTDIR)$(MANDIR)/man7/orientd-hwdb.7 \
		$(DESTDIR)$(BASHCOMPDIR)/orientctl $(DESTDIR)$(ZSHCOMPDIR)/_orientctl $(DESTDIR)$(FISHCOMPDIR)/orientctl.fish \
		$(DESTDIR)$(LIBDIR)/liborientd.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/liborientd.so.0 $(DESTDIR)$(LIBDIR)/liborientd.so \
		$(DESTDIR)$(INCLUDEDIR)/orientd.h $(DESTDIR)$(PKGCONFIGDIR)/orientd.pc

test:
	scripts/test

# Debian packages, built with debian/rules, which calls `make build` and `make install`.
# SWIFT_BIN (a swift.org toolchain) is put on PATH, and -d skips the check for Debian's swiftlang,
# which a Debian 12 machine does not have (scripts/build-debian builds with it). The .debs, .buildinfo
# and .changes go to out/ (gitignored); dpkg-buildpackage's work files stay under debian/
# (gitignored too).
SWIFT_BIN ?= /opt/swift/usr/bin
DEB_OUT = $(CURDIR)/out
DEB_VERSION = $(shell dpkg-parsechangelog -SVersion)
DEB_ARCH = $(shell dpkg --print-architecture)
deb:
	mkdir -p $(DEB_OUT)
	PATH="$(SWIFT_BIN):$$PATH" ORIENTD_DEB_DIR=$(DEB_OUT) dpkg-buildpackage -us -uc -b -d \
		--buildinfo-option=-u$(DEB_OUT) --buildinfo-file=$(DEB_OUT)/orientd_$(DEB_VERSION)_$(DEB_ARCH).buildinfo \
		--changes-option=-u$(DEB_OUT) --changes-file=$(DEB_OUT)/orientd_$(DEB_VERSION)_$(DEB_ARCH).changes
	@ls -1 $(DEB_OUT)/*_$(DEB_VERSION)_*.deb
