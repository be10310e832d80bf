package demo

// theme is what one sample project is about: the words its memory is made of. Bullets are
// drawn from these pools with a fixed seed, so that every demo reads the same.
type theme struct {
	name     string
	dir      string   // folder holding its memory_sessions/, relative to the workspace root
	subjects []string // what the work is about
	context  []string
	goal     []string
	problem  []string
	learn    []string
	work     []string
	decision []string
	next     []string
	facts    []string // long-memory facts
}

var themes = []theme{
	{
		name: "cmms_doc", dir: "projects/cmms_doc",
		subjects: []string{"ordres de travail", "plans de maintenance préventive", "fiches équipement", "pièces détachées",
			"tableaux de bord MTBF", "relevés de compteurs", "demandes d'intervention", "webhooks d'intervention", "rapports PDF",
			"arborescences de sites", "habilitations des techniciens", "contrôles réglementaires",
			"bons de commande fournisseurs", "indicateurs de disponibilité", "rondes d'inspection", "modèles de check-lists"},
		context: []string{"Reprise de la documentation utilisateur sur les %s.", "Session consacrée aux %s après les retours du client pilote.",
			"Suite de la refonte du guide administrateur : section %s.", "Préparation de la démo client sur les %s."},
		goal: []string{"Rédiger la page de référence des %s.", "Vérifier que les captures des %s sont à jour.",
			"Documenter les cas limites des %s.", "Relire et simplifier le chapitre %s."},
		problem: []string{"Le générateur de captures plantait sur les %s : police manquante dans le conteneur.",
			"Les liens internes vers les %s cassaient après le renommage des pages.",
			"Le build MkDocs dépassait 4 minutes à cause des images non compressées des %s.",
			"Les exemples JSON des %s ne correspondaient plus au schéma de l'API v3."},
		learn: []string{"Les %s dépendent du site et non de l'équipement : la doc doit le dire dès l'introduction.",
			"Le champ « criticité » des %s est calculé, jamais saisi : ne pas le montrer dans les formulaires.",
			"MkDocs Material gère les onglets de contenu nativement : inutile de maintenir le plugin maison pour les %s.",
			"L'export des %s passe par une file asynchrone : documenter le délai de quelques minutes."},
		work: []string{"Réécriture de la page %s (docs/guide/%s.md).", "Ajout d'un schéma Mermaid du cycle de vie des %s.",
			"Nouvelles captures d'écran pour les %s, en thème clair et sombre.", "Glossaire complété avec les termes des %s."},
		decision: []string{"Documenter les %s par tâche utilisateur plutôt que par écran.", "Garder un seul guide pour les %s, avec des encadrés par rôle.",
			"Les exemples d'API des %s sont générés depuis le schéma OpenAPI, jamais écrits à la main."},
		next: []string{"Relire la page %s avec l'équipe support.", "Ajouter un tutoriel pas à pas sur les %s.",
			"Vérifier les traductions anglaises des %s.", "Faire valider le chapitre %s par le client pilote.",
			"Remplacer les captures obsolètes des %s.", "Ajouter les codes d'erreur des %s à la FAQ."},
		facts: []string{"La doc vit dans docs/ et se construit avec MkDocs Material ; `make docs` lance le serveur local.",
			"Les captures se régénèrent avec scripts/screens.sh ; elles ne se modifient jamais à la main.",
			"Un ordre de travail appartient à un site ; l'équipement est optionnel.",
			"Le client pilote (Usine de Lyon) relit chaque chapitre avant publication.",
			"Les termes métier suivent le glossaire AFNOR X60-000.",
			"L'API publique est en v3 ; la v2 est dépréciée et n'est plus documentée.",
			"Les pages de référence sont générées depuis le schéma OpenAPI (docs/api/openapi.yaml).",
			"La criticité d'un équipement est calculée à partir de l'impact et de la fréquence des pannes.",
			"Les rapports PDF passent par une file asynchrone (délai de 1 à 5 minutes).",
			"La recherche de la doc utilise l'index lunr intégré ; pas de service externe."},
	},
	{
		name: "competitors", dir: "projects/competitors",
		subjects: []string{"la grille tarifaire de Fiix", "l'offre mobile de MaintainX", "la plateforme IoT d'UpKeep", "l'intégration SAP de Limble",
			"la stratégie grands comptes de Carl Software", "la présence G2 de MaintainX", "l'offre freemium de MaintainX", "la feuille de route IA de Fiix"},
		context: []string{"Veille concurrentielle : analyse de %s.", "Mise à jour de la matrice concurrentielle après l'annonce sur %s.",
			"Préparation du comité produit : focus sur %s."},
		goal: []string{"Synthétiser %s en une page.", "Comparer %s avec notre offre.", "Identifier les arguments de vente face à %s."},
		problem: []string{"Les pages de prix sur %s ont changé sans archive : impossible de dater l'évolution.",
			"Les captures de la démo publique pour %s sont floues ; il faudra refaire un essai gratuit.",
			"Les chiffres de %s diffèrent entre le site et les communiqués."},
		learn: []string{"Sur %s, le prix affiché est par technicien et par mois, facturé à l'année.",
			"%s : l'essai gratuit est limité à 14 jours et sans export.",
			"Pour %s, les clients citent surtout la simplicité de l'application mobile."},
		work: []string{"Fiche concurrent mise à jour pour %s.", "Tableau comparatif des fonctions étendu à %s.", "Synthèse d'une page sur %s pour l'équipe commerciale."},
		decision: []string{"Ne comparer que les offres publiques pour %s ; pas de chiffres issus d'appels commerciaux.",
			"Mettre à jour la matrice sur %s une fois par trimestre, pas plus."},
		next: []string{"Tester l'essai gratuit pour %s.", "Demander au commercial terrain son retour sur %s.", "Archiver les pages de prix pour %s (Wayback).",
			"Préparer trois arguments face à %s."},
		facts: []string{"La matrice concurrentielle vit dans competitors/matrix.xlsx ; la version de référence est celle du dernier comité produit.",
			"Nos quatre concurrents directs : MaintainX, Fiix, UpKeep, Limble ; Carl Software sur les grands comptes.",
			"Les prix se comparent par technicien et par mois, facturation annuelle.",
			"Chaque fiche concurrent a la même structure : offre, prix, forces, faiblesses, preuves."},
	},
	{
		name: "mobile_app", dir: "projects/mobile_app",
		subjects: []string{"le mode hors ligne", "la synchronisation des ordres de travail", "le scan des QR codes", "les notifications push",
			"la signature du technicien", "le cache des photos", "l'écran de connexion SSO", "la migration vers Expo SDK 52"},
		context: []string{"Travail sur %s de l'application terrain.", "Correction des retours de recette sur %s.", "Reprise de %s après la revue de code."},
		goal:    []string{"Livrer %s en bêta interne.", "Stabiliser %s avant la version 2.4.", "Couvrir %s par des tests de bout en bout Detox."},
		problem: []string{"Crash au démarrage sur Android 12 lié à %s (permission manquante).",
			"La file de synchronisation rejouait deux fois les mises à jour pendant %s.",
			"Les tests Detox échouaient en CI sur %s : émulateur trop lent au démarrage.",
			"SQLite verrouillé pendant %s quand l'app passe en arrière-plan."},
		learn: []string{"Pour %s, WatermelonDB exige des écritures groupées dans une seule action.",
			"Expo ne relance pas les tâches de fond après un redémarrage : %s doit se réarmer au lancement.",
			"Sur iOS, %s doit demander la permission au premier usage, pas au démarrage."},
		work: []string{"Implémentation de %s (src/features/%s).", "Tests unitaires ajoutés pour %s.", "Refonte du hook useSync autour de %s."},
		decision: []string{"Garder SQLite via WatermelonDB pour %s ; pas de Realm.", "Conflits de %s : le serveur gagne, le technicien est prévenu.",
			"Publier %s derrière un feature flag."},
		next: []string{"Tester %s sur un appareil Android d'entrée de gamme.", "Mesurer la consommation batterie de %s.",
			"Documenter %s pour le support.", "Corriger le flaky test Detox de %s.", "Demander une revue sécurité de %s."},
		facts: []string{"L'app est en React Native avec Expo ; `pnpm ios` et `pnpm android` lancent les simulateurs.",
			"Les données hors ligne vivent dans WatermelonDB (SQLite) ; le schéma est dans src/db/schema.ts.",
			"La synchronisation passe par /api/v3/sync avec des curseurs ; jamais de pagination par offset.",
			"Les builds de recette partent d'EAS sur la branche release/*.",
			"Un conflit de synchronisation : le serveur gagne, l'app affiche un bandeau au technicien."},
	},
}

// extraThemes name the projects past the first three (large benchmark workspaces).
var extraThemes = []string{"billing", "search", "infra", "design_system", "data_pipeline", "support_bot", "auth", "reporting",
	"onboarding", "notifications", "pricing", "analytics", "partner_api", "docs_site", "mobile_ios", "mobile_android", "ml_ranking"}

// authors commit the sample history; the hook's own commits name the agent.
var authors = []struct{ name, email string }{
	{"Camille Martin", "camille@example.com"},
	{"Hugo Leroy", "hugo@example.com"},
	{"carnet (claude-code)", "carnet@localhost"},
}
