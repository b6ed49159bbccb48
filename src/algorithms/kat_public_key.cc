// Known-answer vectors for the public-key algorithms: RSA PKCS#1 v1.5 signatures with SHA-256,
// ECDSA, Ed25519, X25519 and ECDH on P-256. Formats are those documented in kat.h. Hex is copied
// from the cited documents (RSA public keys re-encoded as DER RSAPublicKey from the published n
// and e) and every vector was checked against OpenSSL 3.0.
#include <span>
#include <string_view>

#include "algorithms/kat.h"
#include "algorithms/kat_internal.h"

namespace cryptobench::kat_internal {
namespace {

// SHA-256("sample"), the digest signed in RFC 6979 A.2.5 and A.2.6 (`printf sample |
// openssl dgst -sha256`).
constexpr std::string_view kSha256OfSample =
    "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf";

constexpr KatVector kPublicKeyVectors[] = {
    // RSA: public_key is DER RSAPublicKey (SEQUENCE { INTEGER n, INTEGER e }) built from the
    // published n and e; input is the SHA-256 digest of the published message Msg (computed with
    // `openssl dgst -sha256`), output the published signature S. The sources publish d but not
    // the primes, so private_key is empty: the backend verifies this vector and round-trips
    // sign/verify with the timing key instead.
    {.algorithm = "RSA-2048",
     .source = "NIST CAVP FIPS 186-4 RSA test vectors, SigGen15_186-3.txt (CAVS 11.4), "
               "[mod = 2048], first SHAAlg = SHA256 case",
     // SHA-256 of Msg = 5af283b1b76ab2a6... (128 bytes), e = 0x260445.
     .input = "077877895a428028f60998b985550820025a2a42c0beab27165c0802d3098150",
     .output = "6b8be97d9e518a2ede746ff4a7d91a84a1fc665b52f154a927650db6e7348c69"
               "f8c8881f7bcf9b1a6d3366eed30c3aed4e93c203c43f5528a45de791895747ad"
               "e9c5fa5eee81427edee02082147aa311712a6ad5fb1732e93b3d6cd23ffd46a0"
               "b3caf62a8b69957cc68ae39f9993c1a779599cdda949bdaababb77f248fcfeaa"
               "44059be5459fb9b899278e929528ee130facd53372ecbc42f3e8de2998425860"
               "406440f248d817432de687112e504d734028e6c5620fa282ca07647006cf0a2f"
               "f83e19a916554cc61810c2e855305db4e5cf893a6a96767365794556ff033359"
               "084d7e38a8456e68e21155b76151314a29875feee09557161cbc654541e89e42",
     .public_key = "3082010a0282010100cea80475324c1dc8347827818da58bac069d3419c614a6"
                   "ea1ac6a3b510dcd72cc516954905e9fef908d45e13006adf27d467a7d83c111d"
                   "1a5df15ef293771aefb920032a5bb989f8e4f5e1b05093d3f130f984c07a772a"
                   "3683f4dc6fb28a96815b32123ccdd13954f19d5b8b24a103e771a34c328755c6"
                   "5ed64e1924ffd04d30b2142cc262f6e0048fef6dbc652f21479ea1c4b1d66d28"
                   "f4d46ef7185e390cbfa2e02380582f3188bb94ebbf05d31487a09aff01fcbb4c"
                   "d4bfd1f0a833b38c11813c84360bb53c7d4481031c40bad8713bb6b835cb0809"
                   "8ed15ba31ee4ba728a8c8e10f7294e1b4163b7aee57277bfd881a6f9d43e02c6"
                   "925aa3a043fb7fb78d0203260445",
     .input_is_digest = true,
     .deterministic = false},
    {.algorithm = "RSA-3072",
     .source = "NIST CAVP FIPS 186-4 RSA test vectors, SigGen15_186-3.txt (CAVS 11.4), "
               "[mod = 3072], first SHAAlg = SHA256 case",
     // SHA-256 of Msg = bcf6074333a7ede5... (128 bytes), e = 0xeaf05d.
     .input = "2e5cb8db96946796ad510ef2bfc42491f17d237d522f6d9712fe2169420c7248",
     .output = "d1d21b8dfa55f0681e8fa86135cf292d71b7669713c291d8f8dc246464de3bbb"
               "961b596dfc8fda6c823c384008d05bcb3dccc36accf1b2bede1a95e52258d7d1"
               "bdf1fc44e18072abd45c1392015ee71692690ef8cdaaed337dd8546783f961bb"
               "9620eb5c7b8b6716e8c600351fab7765ee38a15d32d8a2c0949825c49a7f25ee"
               "dd9be7b807bbfd517913786620d249823dae6fe2fd39ac639dd74821b0c120b4"
               "2f31c2c639d2c61b395f09f86851bc809b34c4981ac65cf25b2e8adcbce190ef"
               "2ef67a0189039c9110f26701c3eed731c8d9ead178220ffcac7f0f678aa22268"
               "e1d01942ec51e80eef06e2112830855e87bafe8cc9c22fd737c7abbca5eb7a22"
               "1d3835a86610d24b507b5dcb4618aa421f63a5609ef5d68f5760fddf97013560"
               "2efad0851bbff98fe87fa58bc365f38ee7ec8ef5aab17fd11d89d91ef4c604e0"
               "d1f001d0e08869df9225e3b4cef52ff86815e13b3efdf45776f9353769a8a51f"
               "e7d891a7ef7035eecfa259848738376886edc91cc78f6da31c2f07ee362c3d82",
     .public_key = "3082018b0282018100dca98304b729e819b340e26cecb730aecbd8930e334c73"
                   "1493b180de970e6d3bc579f86c8d5d032f8cd33c4397ee7ffd019d51b0a7dbe4"
                   "f52505a1a34ae35d23cfaaf594419d509f469b1369589f9c8616a7d698513bc1"
                   "d423d70070d3d72b996c23abe68b22ccc39aabd16507124042c88d4da6a74512"
                   "88ec87c9244be226aac02d1817682f80cc34c6eaf37ec84d247aaedebb56c3bb"
                   "caffb5cf42f61fe1b7f3fc89748e213973bf5f679d8b8b42a47ac4afd9e51e1d"
                   "1214dfe1a7e1169080bd9ad91758f6c0f9b22ae40af6b41403d8f2d96db5a088"
                   "daa5ef8683f86f501f7ad3f358b6337da55c6cfc003197420c1c75abdb7be140"
                   "3ea4f3e64259f5c6da3325bb87d605b6e14b5350e6e1455c9d497d81046608e3"
                   "8795dc85aba406c9de1f4f9990d5153b98bbabbdcbd6bb18854312b2da48b411"
                   "e838f26ae3109f104dfd1619f991824ec819861e5199f26bb9b3b299bfa9ec2f"
                   "d691271b58a8adecbf0ff627b54336f3df7003d70e37d11ddbd930d9aba7e88e"
                   "d401acb44092fd53d5020400eaf05d",
     .input_is_digest = true,
     .deterministic = false},
    {.algorithm = "RSA-4096",
     .source = "NIST CAVP FIPS 186-2 RSA test vectors, SigGen15_186-3.rsp (CAVS 10.1), "
               "[mod = 4096], first SHAAlg = SHA256 case",
     // SHA-256 of Msg = 15dce4e508dd9015... (128 bytes), e = 0x1001.
     .input = "2583c619608ae9bcd3b90e2a44a9789775cf5d09c3b161bcd7e807be82c2d9c3",
     .output = "80cdd9ed7a7d176a57be1e002aaf78d959753c7a8bf6ffa65a52b8c604fa4f0f"
               "cd9e9684ee0e7cb25a29620ef649cff856fa27b710f900944cff5648e8095e05"
               "332931ddd44396cc52d7a5356c04ab210278c79a45a4c82edc307c11cafd5dc5"
               "8af57966ec442761f41a4fef68df89e42d9fd766d5c1beb778d9d56be7937c63"
               "21facc671415bfa0744df556535c2260051c4413eeb325ce56f1f2e1cb665ec0"
               "12b5646e12e401c02e61dd99acd7041d328a90080cfef65c32168537788fdbec"
               "64b3f182369435528341e19351f8e045c65b80601bbf87a22fe2de794de82156"
               "9108351af0512b592bdcbc6e91ffb09751f41517aa13338884b988b88e4865cf"
               "e5788dd2889fe3160baf7eab085b5f9e44014f65cf44d6251495599919ff2a5c"
               "e75ffbe1f8f1233a3c4ccca8c99b00f2dd40262167fdf55e8982481d7cded466"
               "152d8897443d5055cb0723cdd88e6b392531adbda05a96097732f2a799e532e6"
               "4a6b0f8eed119e43df545abb93432f85e7b4d848d52e3177e83f5b2a2c31e301"
               "412e141b14b257b74935f3b30787d02e1ddff8765f2f437fdd5fed5c79ccc9f5"
               "46ec2ea1f4e02150eeeec9a18b917999fd01d1350344d92d799df67465e2af7c"
               "b7b85e24c687efdc16eb9c666306027f5edee3cd63ec26c9be9ff4af883956ed"
               "1a1879178431dc764e23fd82692f21d6cec10700e34e37bc8d432890ed047711",
     .public_key = "308202090282020100dc3d97a1ca61b31814e9407d87c4290b57e9d4b257340c"
                   "b9793cfabf0798b8176457be960e887a622b707d6f9b30877711e10ac7e83696"
                   "93d67cfe886a947244b103a236f781f22b40bee6527e3746ed1e5f79319e7c49"
                   "52fd31c5abeb846f1a576502075d18fea4b1edb14d1dd0ae5e4648331cec3924"
                   "18bdb46d37ff2567b51a3bfa45f12d84d07a2f42206e21d5bfc3828183171bf2"
                   "812c0e17dc9c91d8b890a0df08782f0f1b9327c23a38f3a1e5edde693f3eff80"
                   "533cb786ba84a5ae9e8a9d382d1202b15336643e21954066e4484e678ec37236"
                   "0a742618dfc56a7cbd14dfa93ea30e9fb8704cfe8683d36e538f1379b37a980d"
                   "58e08bc6c3947ebf8113741d5e5fc9ee600ced97facff4c53cff8f64bb5c518a"
                   "cea94123ca04e940391944131f3800eccc9cef70dd1df05b5daed012bf5088ab"
                   "33ff81b1d3cd473aa6ae838305b4fabfed8f447a6f869c51bac7d78976cd2928"
                   "5c9e8308b523d377ba84fe97292e786df96932fd46ce98d37e65847b54d6adbe"
                   "8d287e17843cfc1cb257fc1dce930e3b909ae72492fe3404b63bc65aed8c7f88"
                   "68c021fe3162a16f86f2fe909c3af106bb15b2747337d8b528e3e5cae24895ac"
                   "78f060c583cd4248ee5a0c8ff6a167cf89acd723e6a9f69e94353515bf0eaf4e"
                   "103ef861c24c0702937e7e8ae4c19120f5a329c40ace4db2c0d4294bda39ec39"
                   "d70c12409ee7a7f39902021001",
     .input_is_digest = true,
     .deterministic = false},
    // ECDSA: private_key is the published x (big-endian), public_key U = 04 || Ux || Uy, output
    // r || s. Signing is not deterministic here: OpenSSL 3.0 draws k at random, so the backend
    // verifies the published signature and round-trips sign/verify with this key.
    {.algorithm = "ECDSA-P256",
     .source =
         "RFC 6979, Appendix A.2.5 (ECDSA, 256 bits (prime field)), SHA-256, message \"sample\"",
     .input = kSha256OfSample,
     .output = "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
               "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8",
     .public_key = "04"
                   "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
                   "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
     .private_key = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
     .input_is_digest = true,
     .deterministic = false},
    {.algorithm = "ECDSA-P384",
     .source =
         "RFC 6979, Appendix A.2.6 (ECDSA, 384 bits (prime field)), SHA-256, message \"sample\"",
     .input = kSha256OfSample,
     .output = "21b13d1e013c7fa1392d03c5f99af8b30c570c6f98d4ea8e354b63a21d3daa33"
               "bde1e888e63355d92fa2b3c36d8fb2cd"
               "f3aa443fb107745bf4bd77cb3891674632068a10ca67e3d45db2266fa7d1feeb"
               "efdc63eccd1ac42ec0cb8668a4fa0ab0",
     .public_key = "04"
                   "ec3a4e415b4e19a4568618029f427fa5da9a8bc4ae92e02e06aae5286b300c64"
                   "def8f0ea9055866064a254515480bc13"
                   "8015d9b72d7d57244ea8ef9ac0c621896708a59367f9dfb9f54ca84b3f1c9db1"
                   "288b231c3ae0d4fe7344fd2533264720",
     .private_key = "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d8"
                    "96d5724e4c70a825f872c9ea60d2edf5",
     .input_is_digest = true,
     .deterministic = false},
    // Ed25519 (PureEdDSA): raw 32-byte keys, the message itself as input, deterministic 64-byte
    // signatures. TEST 1 signs the empty message.
    {.algorithm = "Ed25519",
     .source = "RFC 8032, section 7.1 (Test Vectors for Ed25519), TEST 1",
     .input = "",
     .output = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
               "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
     .public_key = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
     .private_key = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"},
    {.algorithm = "Ed25519",
     .source = "RFC 8032, section 7.1 (Test Vectors for Ed25519), TEST 2",
     .input = "72",
     .output = "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
               "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
     .public_key = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
     .private_key = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"},
    {.algorithm = "Ed25519",
     .source = "RFC 8032, section 7.1 (Test Vectors for Ed25519), TEST 3",
     .input = "af82",
     .output = "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
               "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
     .public_key = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
     .private_key = "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7"},
    // X25519: private_key is one party's raw scalar, public_key the other party's u-coordinate,
    // output the shared secret K; both directions of the RFC's exchange.
    {.algorithm = "X25519",
     .source =
         "RFC 7748, section 6.1 (Curve25519 Diffie-Hellman): Alice's private key, Bob's public key",
     .output = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
     .public_key = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
     .private_key = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"},
    {.algorithm = "X25519",
     .source =
         "RFC 7748, section 6.1 (Curve25519 Diffie-Hellman): Bob's private key, Alice's public key",
     .output = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
     .public_key = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
     .private_key = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"},
    // ECDH on P-256: private_key is a big-endian scalar, public_key the peer's uncompressed point
    // 04 || x || y, output the x-coordinate of the shared point; both directions.
    {.algorithm = "ECDH-P256",
     .source =
         "RFC 5903, section 8.1 (256-Bit Random ECP Group): initiator's i with responder's g^r",
     .output = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de",
     .public_key = "04"
                   "d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"
                   "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
     .private_key = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433"},
    {.algorithm = "ECDH-P256",
     .source =
         "RFC 5903, section 8.1 (256-Bit Random ECP Group): responder's r with initiator's g^i",
     .output = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de",
     .public_key = "04"
                   "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
                   "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
     .private_key = "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53"},
};

}  // namespace

std::span<const KatVector> PublicKeyVectors() { return kPublicKeyVectors; }

}  // namespace cryptobench::kat_internal
